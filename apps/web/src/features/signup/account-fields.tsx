import { Controller, type UseFormReturn } from 'react-hook-form';
import { maskDate } from '../../ui/date-mask';
import { TextField } from '../../ui/text-field';

/**
 * The fields every sign-up form holds (fan and artist), as react-hook-form sees them. Names, contact, gender
 * and the new password are components/person-fields' (the account page holds them too).
 */
export interface AccountFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  dob: string;
  gender?: string;
  phoneNumber?: string | null;
  location?: string | null;
}

type AccountForm = UseFormReturn<AccountFormValues>;

export function EmailField({ form }: { form: AccountForm }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      error={form.formState.errors.email?.message}
      {...form.register('email')}
    />
  );
}

export function DobField({ form }: { form: AccountForm }) {
  return (
    <Controller
      control={form.control}
      name="dob"
      render={({ field, fieldState }) => (
        <TextField
          label="Birthday"
          placeholder="MM/DD/YYYY"
          inputMode="numeric"
          autoComplete="bday"
          error={fieldState.error?.message}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(maskDate(event.target.value))}
        />
      )}
    />
  );
}
