import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { maskDate } from '../../ui/date-mask';
import { GenderButtons } from '../../ui/gender-buttons';
import { PasswordField } from '../../ui/password-field';
import { PasswordHintIcon, PasswordMatch, passwordFailureText } from '../../ui/password-hint';
import { TextField } from '../../ui/text-field';

/** The fields every sign-up form holds (fan and artist), as react-hook-form sees them. */
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

export function NameFields({ form }: { form: AccountForm }) {
  const { register, formState } = form;
  return (
    <>
      <TextField
        label="First Name"
        autoComplete="given-name"
        error={formState.errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last Name"
        autoComplete="family-name"
        error={formState.errors.lastName?.message}
        {...register('lastName')}
      />
    </>
  );
}

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

export function GenderField({ form }: { form: AccountForm }) {
  return (
    <Controller
      control={form.control}
      name="gender"
      render={({ field, fieldState }) => (
        <GenderButtons
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Password with its strength icon and failures, and the confirmation with its match indicator. */
export function PasswordFields({ form }: { form: AccountForm }) {
  const { register, formState, control, trigger, getFieldState } = form;
  const [password = '', confirmPassword = ''] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const passwordError = formState.errors.password?.message;

  useEffect(() => {
    if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
  }, [password, getFieldState, trigger]);

  return (
    <>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        labelAside={<PasswordHintIcon password={password} />}
        error={passwordError && [passwordError, passwordFailureText(password)].filter(Boolean).join(' ')}
        {...register('password')}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        hint={confirmPassword ? <PasswordMatch password={password} confirmPassword={confirmPassword} /> : undefined}
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
