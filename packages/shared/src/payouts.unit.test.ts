import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bankAccountFields,
  isValidEin,
  isValidRoutingNumber,
  isValidSsn,
  localOnboardingBody,
  payoutMessages,
  payoutRequirementLabel,
  taxFormFields,
} from './payouts.js';

function messagesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const messages: Record<string, string> = {};
  // The first message of each field, as the API's error and the form show it.
  for (const issue of result.success ? [] : result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const W9 = {
  form: 'W-9',
  name: 'Ada Lovelace',
  taxClassification: 'individual',
  address: '1 Main St',
  city: 'Springfield',
  state: 'il',
  zip: '62701-1234',
  tinType: 'ssn',
  tin: '123 45 6789',
  certify: true,
  signature: 'Ada Lovelace',
};
const W8BEN = {
  form: 'W-8BEN',
  name: 'Björk Guðmundsdóttir',
  citizenship: 'is',
  address: 'Laugavegur 1',
  city: 'Reykjavík',
  postalCode: '101',
  country: 'IS',
  foreignTin: '',
  noForeignTinReason: 'Iceland issues none to me',
  dateOfBirth: '11/21/1965',
  certify: true,
  signature: 'Björk',
};

describe('the bank account', () => {
  it.each([
    ['110000000', true],
    ['021000021', true],
    ['011401533', true],
    ['110000001', false],
    ['11000000', false],
    ['1100000000', false],
    ['11000000a', false],
  ])('routing number %s passes the ABA checksum: %s', (routing, valid) => {
    expect(isValidRoutingNumber(routing)).toBe(valid);
  });

  it.each([
    [{ accountNumber: '1234' }, {}],
    [{ accountNumber: '1234-5678 9012' }, {}],
    [{ accountNumber: '1'.repeat(17) }, {}],
    [{ accountNumber: '123' }, { accountNumber: payoutMessages.accountNumber }],
    [{ accountNumber: '1'.repeat(18) }, { accountNumber: payoutMessages.accountNumber }],
    [{ routingNumber: '110 000 000' }, {}],
    [{ routingNumber: '110000001' }, { routingNumber: payoutMessages.routingNumber }],
    [{ accountHolder: '' }, { accountHolder: payoutMessages.accountHolder }],
  ])('%j: %j', (change, messages) => {
    const account = { accountHolder: 'Band', routingNumber: '110000000', accountNumber: '000123456789', ...change };
    expect(messagesOf(bankAccountFields, account)).toEqual(messages);
  });

  it('keeps digits only', () => {
    expect(
      bankAccountFields.parse({ accountHolder: ' Band ', routingNumber: '110-000-000', accountNumber: '0001 2345' }),
    ).toEqual({ accountHolder: 'Band', routingNumber: '110000000', accountNumber: '00012345' });
  });
});

describe('the tax forms', () => {
  it.each([
    ['123-45-6789', true],
    ['000-12-3456', false],
    ['666-12-3456', false],
    ['912-34-5678', false],
    ['123-00-4567', false],
    ['123-45-0000', false],
  ])('SSN %s: %s', (ssn, valid) => {
    expect(isValidSsn(ssn)).toBe(valid);
  });

  it.each([
    ['12-3456789', true],
    ['00-1234567', false],
    ['12-345678', false],
  ])('EIN %s: %s', (ein, valid) => {
    expect(isValidEin(ein)).toBe(valid);
  });

  it.each([
    [W9, {}],
    [W8BEN, {}],
    [{ ...W9, form: 'W-4' }, { form: payoutMessages.taxFormType }],
    [{ ...W9, name: ' ' }, { name: payoutMessages.legalName }],
    [{ ...W9, taxClassification: '' }, { taxClassification: payoutMessages.taxClassification }],
    [{ ...W9, state: 'XX' }, { state: payoutMessages.state }],
    [{ ...W9, zip: '1234' }, { zip: payoutMessages.zip }],
    [{ ...W9, tin: '' }, { tin: payoutMessages.tin }],
    [{ ...W9, tin: '000-12-3456' }, { tin: payoutMessages.ssn }],
    [{ ...W9, tinType: 'ein', tin: '00-1234567' }, { tin: payoutMessages.ein }],
    [{ ...W9, tinType: 'itin' }, { tinType: payoutMessages.tinType }],
    [{ ...W9, certify: false }, { certify: payoutMessages.certify }],
    [{ ...W9, signature: '' }, { signature: payoutMessages.signature }],
    [{ ...W9, businessName: 'x'.repeat(101) }, { businessName: payoutMessages.businessName }],
    [{ ...W8BEN, citizenship: 'US' }, { citizenship: payoutMessages.usPerson }],
    [{ ...W8BEN, citizenship: 'Narnia' }, { citizenship: payoutMessages.citizenship }],
    [{ ...W8BEN, country: 'us' }, { country: payoutMessages.usPerson }],
    [{ ...W8BEN, noForeignTinReason: '' }, { foreignTin: payoutMessages.foreignTin }],
    [{ ...W8BEN, dateOfBirth: '1965-11-21' }, { dateOfBirth: payoutMessages.dateOfBirth }],
    [{ ...W8BEN, dateOfBirth: '02/30/1990' }, { dateOfBirth: payoutMessages.dateOfBirth }],
    [{ ...W8BEN, dateOfBirth: '01/01/2999' }, { dateOfBirth: payoutMessages.dateOfBirth }],
  ])('%j: %j', (form, messages) => {
    expect(messagesOf(taxFormFields, form)).toEqual(messages);
  });

  it('keeps the TIN as digits and the codes upper-case, and drops the other form’s fields', () => {
    expect(taxFormFields.parse({ ...W9, citizenship: 'IS' })).toMatchObject({ tin: '123456789', state: 'IL' });
    expect(taxFormFields.parse({ ...W9, citizenship: 'IS' })).not.toHaveProperty('citizenship');
    expect(taxFormFields.parse(W8BEN)).toMatchObject({ citizenship: 'IS', country: 'IS' });
  });
});

describe('the onboarding body', () => {
  it('takes the bank account, a tax form, or both, and refuses neither', () => {
    expect(messagesOf(localOnboardingBody, {})).toEqual({ '': payoutMessages.nothingGiven });
    expect(localOnboardingBody.safeParse({ taxForm: W9 }).success).toBe(true);
    expect(
      localOnboardingBody.safeParse({
        bankAccount: { accountHolder: 'Band', routingNumber: '110000000', accountNumber: '1234' },
      }).success,
    ).toBe(true);
  });

  it('names requirements in words: ours where known, else the provider’s code made readable', () => {
    expect(payoutRequirementLabel('external_account')).toBe('A bank account to pay into');
    expect(payoutRequirementLabel('individual.verification.document')).toBe('Document');
    expect(payoutRequirementLabel('business_profile.product_description')).toBe('Product description');
  });
});
