import { zodResolver } from '@hookform/resolvers/zod';
import {
  bankAccountFields,
  payoutMessages,
  payoutRequirementLabel,
  taxFormFields,
  type LocalOnboardingAnswer,
  type LocalOnboardingBody,
} from '@hfm/shared';
import { useMemo, useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { useLocalOnboarding } from '../../api/payouts/get-local-onboarding';
import { useSubmitLocalOnboarding } from '../../api/payouts/submit-local-onboarding';
import { Button } from '../../ui/button';
import { useDocumentTitle } from '../../ui/use-document-title';
import { BankAccountFields, EMPTY_BANK } from './bank-account-fields';
import { EMPTY_TAX_FORM, TaxFormFields } from './tax-form-fields';
import type { OnboardingForm, OnboardingValues } from './onboarding-form';
import './payout-onboarding.css';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The link id from the address: /connect/onboarding/{linkId}. */
export function linkIdFromPath(pathname: string): string {
  const match = /^\/connect\/onboarding\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
}

/**
 * The local payment provider's onboarding page (what Stripe's hosted onboarding is on Stripe): the artist
 * gives a bank account and a W-9 or W-8BEN. The link in the address is the only key; it is spent once the form
 * is saved, and the page then goes back to the studio's Payouts tab.
 */
export default function PayoutOnboardingPage() {
  useDocumentTitle('Set up payouts');
  const linkId = linkIdFromPath(window.location.pathname);
  const page = useLocalOnboarding(linkId);
  return (
    <main className="onboarding">
      <p className="onboarding__brand">HFM payouts</p>
      {page.isPending ? (
        <p className="onboarding__muted" role="status">
          Loading…
        </p>
      ) : page.data ? (
        <OnboardingPanel linkId={linkId} onboarding={page.data} />
      ) : (
        <section className="onboarding__card" aria-labelledby="onboarding-gone">
          <h1 id="onboarding-gone">This link cannot be used</h1>
          <p>
            {page.error instanceof ApiError && page.error.status === 404
              ? payoutMessages.onboardingGone
              : 'We could not load this page. Please try again in a moment.'}
          </p>
          <a className="button button--primary" href="/artist/#payouts">
            <span>Back to your studio</span>
          </a>
        </section>
      )}
    </main>
  );
}

function OnboardingPanel({ linkId, onboarding }: { linkId: string; onboarding: LocalOnboardingAnswer }) {
  const [replaceBank, setReplaceBank] = useState(false);
  const [replaceTax, setReplaceTax] = useState(false);
  const includeBank = onboarding.bankAccount === null || replaceBank;
  const includeTax = onboarding.taxForm === null || replaceTax;
  const schema = useMemo(
    () =>
      z.object({
        bankAccount: includeBank ? bankAccountFields : z.unknown(),
        taxForm: includeTax ? taxFormFields : z.unknown(),
      }),
    [includeBank, includeTax],
  );
  const form: OnboardingForm = useForm<OnboardingValues>({
    resolver: zodResolver(schema) as unknown as Resolver<OnboardingValues>,
    mode: 'onTouched',
    defaultValues: {
      bankAccount: EMPTY_BANK,
      taxForm: { ...EMPTY_TAX_FORM, form: onboarding.country === 'US' ? 'W-9' : 'W-8BEN' },
    },
  });
  const submit = useSubmitLocalOnboarding(linkId);
  const [failure, setFailure] = useState<string | null>(null);

  const save = form.handleSubmit(async (parsed) => {
    setFailure(null);
    const values = parsed as unknown as LocalOnboardingBody;
    const body: LocalOnboardingBody = {
      ...(includeBank ? { bankAccount: values.bankAccount } : {}),
      ...(includeTax ? { taxForm: values.taxForm } : {}),
    };
    try {
      const done = await submit.mutateAsync(body);
      window.location.assign(done.returnUrl);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          form.setError(field as FieldPath<OnboardingValues>, { message });
        }
        return;
      }
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  });

  const nothingToGive = !includeBank && !includeTax;
  return (
    <form
      className="onboarding__card"
      onSubmit={(event) => void save(event)}
      noValidate
      aria-labelledby="onboarding-title"
    >
      <header className="onboarding__header">
        <h1 id="onboarding-title">{nothingToGive ? 'Your payout details' : 'Set up payouts'}</h1>
        <p>
          For <strong>{onboarding.accountName}</strong>. HFM pays your licence fees, $5.00 per subscription-year, by
          bank transfer between the 22nd and 28th of the month after each payment. We keep only the last four digits of
          your account and tax numbers.
        </p>
        {onboarding.requirements.length > 0 && (
          <p className="onboarding__muted">
            Still needed: {onboarding.requirements.map(payoutRequirementLabel).join(', ')}.
          </p>
        )}
      </header>

      <fieldset className="onboarding__section" disabled={submit.isPending}>
        <legend>Bank account</legend>
        {includeBank ? (
          <BankAccountFields form={form} />
        ) : (
          <OnFile
            text={`${onboarding.bankAccount!.accountHolder}, account ending ${onboarding.bankAccount!.last4}`}
            onReplace={() => setReplaceBank(true)}
            label="Replace bank account"
          />
        )}
      </fieldset>

      <fieldset className="onboarding__section" disabled={submit.isPending}>
        <legend>Tax form</legend>
        {includeTax ? (
          <TaxFormFields form={form} />
        ) : (
          <OnFile
            text={`${onboarding.taxForm!.form} signed by ${onboarding.taxForm!.name} on ${longDate.format(new Date(onboarding.taxForm!.signedAt))}`}
            onReplace={() => setReplaceTax(true)}
            label="Replace tax form"
          />
        )}
      </fieldset>

      {failure && (
        <p className="onboarding__failure" role="alert">
          {failure}
        </p>
      )}
      <div className="onboarding__actions">
        {nothingToGive ? (
          <a className="button button--primary" href={onboarding.returnUrl}>
            <span>Back to your studio</span>
          </a>
        ) : (
          <>
            <Button type="submit" loading={submit.isPending}>
              Save and continue
            </Button>
            <a className="onboarding__later" href={onboarding.returnUrl}>
              Finish later
            </a>
          </>
        )}
      </div>
    </form>
  );
}

function OnFile({ text, label, onReplace }: { text: string; label: string; onReplace: () => void }) {
  return (
    <div className="onboarding__on-file">
      <p>
        <span className="onboarding__check" aria-hidden="true">
          ✓
        </span>{' '}
        On file: {text}
      </p>
      <Button variant="secondary" onClick={onReplace}>
        {label}
      </Button>
    </div>
  );
}
