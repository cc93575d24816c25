import { US_STATES } from '@hfm/shared';
import { useEffect } from 'react';
import {
  Controller,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { GenderButtons } from './gender-buttons';
import { PasswordField } from '../ui/password-field';
import { PasswordHintIcon, PasswordMatch, passwordFailureText } from './password-hint';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';

/**
 * The person's fields that sign-up and the account page both hold, for any form that has them (the
 * account page's profile and password forms, the fan and artist sign-up forms).
 */

interface NameValues {
  firstName?: string;
  lastName?: string;
}
interface ContactValues {
  phoneNumber?: string | null;
  location?: string | null;
}
interface GenderValues {
  gender?: string;
}
interface NewPasswordValues {
  password?: string;
  confirmPassword?: string;
}

/** A field of the known shape, named in the caller's own form. */
const named = <T extends FieldValues>(name: string) => name as Path<T>;
const errorsOf = <V extends FieldValues>(form: UseFormReturn<FieldValues>) => form.formState.errors as FieldErrors<V>;

export function NameFields<T extends FieldValues & NameValues>({ form }: { form: UseFormReturn<T> }) {
  const errors = errorsOf<NameValues>(form as unknown as UseFormReturn<FieldValues>);
  return (
    <>
      <TextField
        label="First Name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...form.register(named<T>('firstName'))}
      />
      <TextField
        label="Last Name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...form.register(named<T>('lastName'))}
      />
    </>
  );
}

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state, label: state }));

/** Phone (optional) and the state, chosen from the list. */
export function ContactFields<T extends FieldValues & ContactValues>({
  form,
  locationClassName,
  locationPlaceholder = 'Choose a state',
}: {
  form: UseFormReturn<T>;
  locationClassName?: string;
  locationPlaceholder?: string;
}) {
  const errors = errorsOf<ContactValues>(form as unknown as UseFormReturn<FieldValues>);
  return (
    <>
      <TextField
        label="Phone Number (optional)"
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber?.message}
        {...form.register(named<T>('phoneNumber'))}
      />
      <SelectField
        className={locationClassName}
        label="Location"
        options={STATE_OPTIONS}
        placeholder={locationPlaceholder}
        error={errors.location?.message}
        {...form.register(named<T>('location'))}
      />
    </>
  );
}

export function GenderField<T extends FieldValues & GenderValues>({ form }: { form: UseFormReturn<T> }) {
  return (
    <Controller
      control={form.control}
      name={named<T>('gender')}
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

/**
 * The new password with its strength icon and failures, and the confirmation with its match indicator;
 * a changed password checks a confirmation already typed again.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({
  form,
  label = 'Password',
}: {
  form: UseFormReturn<T>;
  label?: string;
}) {
  const { register, control, trigger, getFieldState } = form;
  const errors = errorsOf<NewPasswordValues>(form as unknown as UseFormReturn<FieldValues>);
  const [password = '', confirmPassword = ''] = useWatch({
    control,
    name: [named<T>('password'), named<T>('confirmPassword')],
  }) as [string?, string?];
  const passwordError = errors.password?.message;

  useEffect(() => {
    const confirm = getFieldState(named<T>('confirmPassword'));
    if (confirm.isDirty || confirm.isTouched) void trigger(named<T>('confirmPassword'));
  }, [password, getFieldState, trigger]);

  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        labelAside={<PasswordHintIcon password={password} />}
        error={passwordError && [passwordError, passwordFailureText(password)].filter(Boolean).join(' ')}
        {...register(named<T>('password'))}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        hint={confirmPassword ? <PasswordMatch password={password} confirmPassword={confirmPassword} /> : undefined}
        error={errors.confirmPassword?.message}
        {...register(named<T>('confirmPassword'))}
      />
    </>
  );
}
