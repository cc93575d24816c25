/**
 * Artists' payouts (docs/payouts.md): the payout account at the provider (`/api/artists/*-connect-account`,
 * `create-account-link`), the local provider's onboarding page (bank account and a W-9 or W-8BEN tax form:
 * `/api/payments/local/connect/onboarding/{linkId}`), and the admin's monthly payout run (`/api/admin/payout*`).
 * The rules of the onboarding form are shared: the page checks what the server checks, with the same words.
 * A full bank account number or tax id travels only to the onboarding call; only last fours come back.
 */
import { z } from 'zod';
import { isValidPeriod, PERIOD_MESSAGE } from './payout-calendar.js';
import { cardMessages } from './payments.js';
import { parseDob } from './validation.js';

export const payoutMessages = {
  period: PERIOD_MESSAGE,
  country: 'Please choose a country.',
  noAccount: 'This artist has no payout account yet.',
  accountUnderWay: 'Payout setup is already under way. Please try again in a moment.',
  artistForAdmin: 'Name the artist (artistID) to set up payouts for.',
  onboardingGone: 'This setup link has expired or was used. Go back to your studio for a new one.',
  nothingGiven: 'Please give your bank account, a tax form, or both.',
  accountHolder: 'Please enter the name on the bank account.',
  routingNumber: 'Please enter a valid 9-digit routing number.',
  accountNumber: 'Please enter an account number of 4 to 17 digits.',
  taxFormType: 'Please choose a tax form: W-9 or W-8BEN.',
  legalName: 'Please enter your name as shown on your income tax return.',
  businessName: 'A business name is at most 100 characters.',
  taxClassification: 'Please choose your federal tax classification.',
  addressLine: 'Please enter your street address.',
  city: 'Please enter your city or town.',
  state: 'Please choose your state.',
  zip: cardMessages.postalCode,
  postalCode: 'A postal code is at most 20 characters.',
  tinType: 'Please say whether you give an SSN or an EIN.',
  tin: 'Please enter your 9-digit SSN or EIN.',
  ssn: 'Please enter a valid 9-digit Social Security number.',
  ein: 'Please enter a valid 9-digit Employer Identification Number.',
  citizenship: 'Please choose your country of citizenship.',
  usPerson: 'A US citizen or resident completes a W-9 instead.',
  residence: 'Please choose the country of your permanent residence.',
  foreignTin: 'Please enter your foreign tax identifying number, or say why you have none.',
  dateOfBirth: 'Please enter your date of birth as MM/DD/YYYY.',
  certify: 'Please confirm the certification.',
  signature: 'Please type your full name to sign.',
  runBeforeWindow: 'The payout window of this month has not opened yet: it opens on the 22nd (UTC).',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Periods

/** A period (payout-calendar.ts) as a request field. */
export const periodField = z.string({ error: payoutMessages.period }).refine(isValidPeriod, {
  error: payoutMessages.period,
});

// ---------------------------------------------------------------------------------------------------------
// Countries and states

/** ISO 3166-1 alpha-2 codes (the browser names them with Intl.DisplayNames). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM ' +
  'FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT ' +
  'JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN ' +
  'MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT ' +
  'PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL ' +
  'TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(COUNTRY_CODES);

/** The US states, DC and the territories, by their postal codes. */
export const US_STATE_CODES = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
  'OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI UM'
).split(' ');
const STATES = new Set(US_STATE_CODES);

const countryField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRIES.has(code), { error: message });

// ---------------------------------------------------------------------------------------------------------
// Bank account

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Digits as people type them: spaces and dashes are dropped. */
export const digitsOf = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : '');

const digitsField = (message: string, accept: (digits: string) => boolean) =>
  z.string({ error: message }).max(40, { error: message }).transform(digitsOf).refine(accept, { error: message });

const nameField = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

export const bankAccountFields = z.object({
  accountHolder: nameField(payoutMessages.accountHolder),
  routingNumber: digitsField(payoutMessages.routingNumber, isValidRoutingNumber),
  accountNumber: digitsField(payoutMessages.accountNumber, (digits) => /^\d{4,17}$/.test(digits)),
});
export type BankAccountFields = z.input<typeof bankAccountFields>;

// ---------------------------------------------------------------------------------------------------------
// Tax forms

/** The W-9's line 3a, in the form's order. */
export const TAX_CLASSIFICATIONS = [
  { value: 'individual', label: 'Individual/sole proprietor or single-member LLC' },
  { value: 'c_corporation', label: 'C corporation' },
  { value: 's_corporation', label: 'S corporation' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'trust_estate', label: 'Trust/estate' },
  { value: 'llc', label: 'Limited liability company' },
  { value: 'other', label: 'Other' },
] as const;
export type TaxClassification = (typeof TAX_CLASSIFICATIONS)[number]['value'];

/** An SSN as the SSA issues them: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function isValidSsn(value: unknown): boolean {
  const digits = digitsOf(value);
  return /^(?!000|666|9\d\d)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(digits);
}

export function isValidEin(value: unknown): boolean {
  return /^(?!00)\d{9}$/.test(digitsOf(value));
}

const certifyField = z.literal(true, { error: payoutMessages.certify });
const signatureField = nameField(payoutMessages.signature);

export const w9Fields = z
  .object({
    form: z.literal('W-9'),
    name: nameField(payoutMessages.legalName),
    businessName: z
      .string({ error: payoutMessages.businessName })
      .trim()
      .max(100, { error: payoutMessages.businessName })
      .optional(),
    taxClassification: z.enum(
      TAX_CLASSIFICATIONS.map((entry) => entry.value) as [TaxClassification, ...TaxClassification[]],
      { error: payoutMessages.taxClassification },
    ),
    address: nameField(payoutMessages.addressLine, 200),
    city: nameField(payoutMessages.city),
    state: z
      .string({ error: payoutMessages.state })
      .trim()
      .toUpperCase()
      .refine((code) => STATES.has(code), { error: payoutMessages.state }),
    zip: z
      .string({ error: payoutMessages.zip })
      .trim()
      .regex(/^\d{5}(?:-\d{4})?$/, { error: payoutMessages.zip }),
    tinType: z.enum(['ssn', 'ein'], { error: payoutMessages.tinType }),
    tin: z
      .string({ error: payoutMessages.tin })
      .max(40, { error: payoutMessages.tin })
      .refine((value) => /^\d{9}$/.test(digitsOf(value)), { error: payoutMessages.tin }),
    certify: certifyField,
    signature: signatureField,
  })
  .superRefine((form, ctx) => {
    const valid = form.tinType === 'ssn' ? isValidSsn(form.tin) : isValidEin(form.tin);
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        path: ['tin'],
        message: form.tinType === 'ssn' ? payoutMessages.ssn : payoutMessages.ein,
      });
    }
  })
  .transform((form) => ({ ...form, tin: digitsOf(form.tin) }));

export const w8benFields = z
  .object({
    form: z.literal('W-8BEN'),
    name: nameField(payoutMessages.legalName),
    citizenship: countryField(payoutMessages.citizenship).refine((code) => code !== 'US', {
      error: payoutMessages.usPerson,
    }),
    address: nameField(payoutMessages.addressLine, 200),
    city: nameField(payoutMessages.city),
    postalCode: z.string({ error: payoutMessages.postalCode }).trim().max(20, { error: payoutMessages.postalCode }),
    country: countryField(payoutMessages.residence).refine((code) => code !== 'US', {
      error: payoutMessages.usPerson,
    }),
    foreignTin: z.string({ error: payoutMessages.foreignTin }).trim().max(40, { error: payoutMessages.foreignTin }),
    /** Why there is no foreign tax id (the form's line 6b: the country does not issue one, say). */
    noForeignTinReason: z
      .string({ error: payoutMessages.foreignTin })
      .trim()
      .max(200, { error: payoutMessages.foreignTin }),
    dateOfBirth: z
      .string({ error: payoutMessages.dateOfBirth })
      .refine((value) => isPastDate(value), { error: payoutMessages.dateOfBirth }),
    certify: certifyField,
    signature: signatureField,
  })
  .superRefine((form, ctx) => {
    if (!form.foreignTin && !form.noForeignTinReason) {
      ctx.addIssue({ code: 'custom', path: ['foreignTin'], message: payoutMessages.foreignTin });
    }
  });

function isPastDate(value: string): boolean {
  const date = parseDob(value);
  return date !== null && Date.UTC(date.year, date.month - 1, date.day) < Date.now();
}

export const taxFormFields = z.discriminatedUnion('form', [w9Fields, w8benFields], {
  error: payoutMessages.taxFormType,
});
export type TaxFormFields = z.input<typeof taxFormFields>;
export type W9Fields = z.input<typeof w9Fields>;
export type W8benFields = z.input<typeof w8benFields>;

/** The tax forms a payout account may have on file (Stripe Express collects the W-8BEN-E of a business). */
export const TAX_FORM_TYPES = ['W-9', 'W-8BEN', 'W-8BEN-E'] as const;
export type TaxFormType = (typeof TAX_FORM_TYPES)[number];

// ---------------------------------------------------------------------------------------------------------
// The local onboarding page's calls

/** Any text: a link id that is not one of ours is simply not found (404), as an expired or spent one is. */
export const onboardingLinkParams = z.object({ linkId: z.string().max(200) });

/** POST /api/payments/local/connect/onboarding/{linkId}: the bank account, a tax form, or both. */
export const localOnboardingBody = z
  .object({ bankAccount: bankAccountFields.optional(), taxForm: taxFormFields.optional() })
  .refine((body) => body.bankAccount !== undefined || body.taxForm !== undefined, {
    error: payoutMessages.nothingGiven,
  });
export type LocalOnboardingBody = z.input<typeof localOnboardingBody>;
export type LocalOnboardingInput = z.output<typeof localOnboardingBody>;

/** What the requirements of a payout account name, in the local provider's (and Stripe's) words. */
export const PAYOUT_REQUIREMENT_LABELS: Record<string, string> = {
  external_account: 'A bank account to pay into',
  tax_form: 'A tax form (W-9 or W-8BEN)',
  'tos_acceptance.date': "Stripe's terms of service",
  'tos_acceptance.ip': "Stripe's terms of service",
  'individual.ssn_last_4': 'The last four digits of your SSN',
  'individual.id_number': 'Your tax id number',
  'individual.dob.day': 'Your date of birth',
  'individual.address.line1': 'Your address',
  business_type: 'Your business type',
};

/** A requirement in words: ours where known, else the provider's code made readable. */
export function payoutRequirementLabel(code: string): string {
  const known = PAYOUT_REQUIREMENT_LABELS[code];
  if (known) return known;
  const last = code.split('.').pop() ?? code;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** GET /api/payments/local/connect/onboarding/{linkId}: what the page shows, never a full number. */
export const localOnboardingAnswer = z.object({
  accountName: z.string(),
  email: z.string(),
  country: z.string(),
  bankAccount: z.object({ accountHolder: z.string(), last4: z.string() }).nullable(),
  taxForm: z.object({ form: z.enum(TAX_FORM_TYPES), name: z.string(), signedAt: z.string() }).nullable(),
  requirements: z.array(z.string()),
  expiresAt: z.string(),
  /** Where the page goes when done: the link's return URL (the studio's Payouts tab). */
  returnUrl: z.string(),
});
export type LocalOnboardingAnswer = z.infer<typeof localOnboardingAnswer>;

/** The POST's answer: where the page goes next (the link's return URL: the studio's payouts tab). */
export const localOnboardingDone = z.object({ returnUrl: z.string(), requirements: z.array(z.string()) });
export type LocalOnboardingDone = z.infer<typeof localOnboardingDone>;

// ---------------------------------------------------------------------------------------------------------
// The artist's payout account

const uuid = z.guid({ error: 'Not a valid id.' });

/** POST /api/artists/create-connect-account: an artist for themself; an admin names the artist. */
export const createConnectAccountBody = z
  .object({
    artistID: uuid.optional(),
    /** Where the artist is paid: decides the tax form (US: W-9, else W-8BEN). Default US. */
    country: countryField(payoutMessages.country).optional(),
  })
  // No body at all (Fastify hands over null) is an artist asking for themself.
  .nullish();
export type CreateConnectAccountBody = z.input<typeof createConnectAccountBody>;

export const payoutAccountStatus = z.object({
  artistID: z.string(),
  provider: z.string(),
  accountID: z.string(),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  taxForm: z.enum(TAX_FORM_TYPES).nullable(),
  bankLast4: z.string().nullable(),
  requirements: z.array(z.string()),
  /** Payouts can be made: payouts enabled and a tax form on file. */
  ready: z.boolean(),
  updatedAt: z.string(),
});
export type PayoutAccountStatus = z.infer<typeof payoutAccountStatus>;

/** GET /api/artists/retrieve-connect-account/{id}: the account, or null while the artist has none. */
export const retrieveConnectAccountAnswer = z.object({
  artistID: z.string(),
  account: payoutAccountStatus.nullable(),
});
export type RetrieveConnectAccountAnswer = z.infer<typeof retrieveConnectAccountAnswer>;

/** POST /api/artists/create-account-link/{id}: the single-use onboarding link and when it expires. */
export const accountLinkAnswer = z.object({ url: z.string(), expiresAt: z.string() });
export type AccountLinkAnswer = z.infer<typeof accountLinkAnswer>;

// ---------------------------------------------------------------------------------------------------------
// The payout run and the admin's views of it

export const PAYOUT_STATUSES = ['held', 'pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const HELD_REASONS = ['no_account', 'onboarding_incomplete', 'no_tax_form'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

export const heldReasonText: Record<HeldReason, string> = {
  no_account: 'No payout account yet',
  onboarding_incomplete: 'Payout account setup is not finished',
  no_tax_form: 'No tax form on file',
};

export const PAYOUT_TRIGGERS = ['schedule', 'cli', 'admin'] as const;
export type PayoutTrigger = (typeof PAYOUT_TRIGGERS)[number];

/**
 * What a run did (or, dry, would do) for one artist: `paid` now; `already_paid` in an earlier run of the
 * period; `held` (the reason says why; the amount waits for a later period); `failed` (the provider refused:
 * a later run retries); `pending` (the provider's answer is unknown: the next run asks again with the same
 * key); `would_pay` and `would_hold` in a dry run.
 */
export const PAYOUT_OUTCOMES = [
  'paid',
  'already_paid',
  'held',
  'failed',
  'pending',
  'would_pay',
  'would_hold',
] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

export const payoutRunLine = z.object({
  artistID: z.string(),
  artistName: z.string(),
  amountCents: z.number(),
  outcome: z.enum(PAYOUT_OUTCOMES),
  heldReason: z.enum(HELD_REASONS).nullable(),
  message: z.string().nullable(),
});
export type PayoutRunLine = z.infer<typeof payoutRunLine>;

export const payoutRunCounts = z.object({
  paid: z.number(),
  held: z.number(),
  failed: z.number(),
  pending: z.number(),
  alreadyPaid: z.number(),
  paidCents: z.number(),
  heldCents: z.number(),
});
export type PayoutRunCounts = z.infer<typeof payoutRunCounts>;

/** A run's counts before it has counted anything (a queued run has none yet). */
export const NO_PAYOUT_COUNTS: Readonly<PayoutRunCounts> = {
  paid: 0,
  held: 0,
  failed: 0,
  pending: 0,
  alreadyPaid: 0,
  paidCents: 0,
  heldCents: 0,
};

/**
 * Where a run is: `queued` (an admin's run waiting for a worker), `running`, `finished`, or `stopped` (it ended on
 * an error, or the process working it went away: its job ended, or its lease ran out; run the month again,
 * nothing is paid twice).
 */
export const PAYOUT_RUN_STATES = ['queued', 'running', 'finished', 'stopped'] as const;
export type PayoutRunState = (typeof PAYOUT_RUN_STATES)[number];

export const payoutRun = z.object({
  id: z.string(),
  period: z.string(),
  dryRun: z.boolean(),
  trigger: z.enum(PAYOUT_TRIGGERS),
  state: z.enum(PAYOUT_RUN_STATES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** A dry run also says how many artists it planned of how many the month's run looks at. */
  counts: payoutRunCounts.extend({ artistsPlanned: z.number(), artistsTotal: z.number() }).partial(),
  error: z.string().nullable(),
});
export type PayoutRun = z.infer<typeof payoutRun>;
export const payoutRunList = z.array(payoutRun);

/** A dry run plans at most this many artists in its answer (each is a question to the payment provider). */
export const DRY_RUN_MAX_ARTISTS = 100;

/** POST /api/admin/payouts/run: run a period now (paying only what is unpaid), or plan it. */
export const runPayoutsBody = z.object({ period: periodField, dryRun: z.boolean().default(false) });
export type RunPayoutsBody = z.input<typeof runPayoutsBody>;

/**
 * The dry run's answer (200): the plan of the first `artistsPlanned` artists (in id order) of the `artistsTotal`
 * the month's run looks at; `lines` has those with something to pay, hold or settle.
 */
export const runPayoutsAnswer = z.object({
  run: payoutRun,
  cutoff: z.string(),
  lines: z.array(payoutRunLine),
  artistsPlanned: z.number(),
  artistsTotal: z.number(),
});
export type RunPayoutsAnswer = z.infer<typeof runPayoutsAnswer>;

/**
 * A real run's answer (202): the run queued for the workers, or (`alreadyRunning`) the month's run an admin started
 * that is still queued or running. Its outcome is the run's counts (`GET /api/admin/payout-runs`) and the month's
 * payouts (`GET /api/admin/payouts`).
 */
export const payoutRunAccepted = z.object({ run: payoutRun, cutoff: z.string(), alreadyRunning: z.boolean() });
export type PayoutRunAccepted = z.infer<typeof payoutRunAccepted>;

export const adminPayoutsQuery = z.object({ period: periodField });

export const adminPayout = z.object({
  id: z.string(),
  artistID: z.string(),
  artistName: z.string(),
  period: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amountCents: z.number(),
  heldReason: z.enum(HELD_REASONS).nullable(),
  failureMessage: z.string().nullable(),
  transferID: z.string().nullable(),
  attempt: z.number(),
  paidAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminPayout = z.infer<typeof adminPayout>;

/** GET /api/admin/payouts?period=: the period's payouts, its cutoff, and totals by status. */
export const adminPayoutList = z.object({
  period: z.string(),
  cutoff: z.string(),
  payouts: z.array(adminPayout),
  totals: z.object({ paidCents: z.number(), heldCents: z.number(), failedCents: z.number(), pendingCents: z.number() }),
});
export type AdminPayoutList = z.infer<typeof adminPayoutList>;
