import { TextField } from '../../ui/text-field';
import type { OnboardingForm, OnboardingValues } from './onboarding-form';

export const EMPTY_BANK: OnboardingValues['bankAccount'] = { accountHolder: '', routingNumber: '', accountNumber: '' };

/** The account payouts go to: holder, routing number (ABA checksum) and account number, the shared rules' words. */
export function BankAccountFields({ form }: { form: OnboardingForm }) {
  const { register, formState } = form;
  const errors = formState.errors.bankAccount;
  return (
    <div className="onboarding__grid">
      <TextField
        label="Name on the account"
        autoComplete="name"
        className="onboarding__wide"
        error={errors?.accountHolder?.message}
        {...register('bankAccount.accountHolder')}
      />
      <TextField
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        hint="9 digits, on the bottom left of a check"
        error={errors?.routingNumber?.message}
        {...register('bankAccount.routingNumber')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        hint="4 to 17 digits"
        error={errors?.accountNumber?.message}
        {...register('bankAccount.accountNumber')}
      />
    </div>
  );
}
