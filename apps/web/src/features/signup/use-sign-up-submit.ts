import { messages } from '@hfm/shared';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { checkEmail } from '../../api/sign-up';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';

interface SignUpSubmitOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The fields the form shows; a server message for any other field becomes the form message. */
  fieldNames: readonly string[];
  emailExistsMessage: (email: string) => string;
}

/**
 * The spec's save path for both sign-ups: check the email first (stop with '{email} already exists.'),
 * skip when the passwords differ, then save with 'Saving profile...' showing; server field errors land on
 * their fields and anything else becomes one clear message.
 */
export function useSignUpSubmit<T extends FieldValues>({
  setError,
  fieldNames,
  emailExistsMessage,
}: SignUpSubmitOptions<T>) {
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(
    values: { email: string; password: string; confirmPassword: string },
    save: () => Promise<void>,
  ) {
    if (values.password !== values.confirmPassword) {
      setError('confirmPassword' as Path<T>, { message: messages.confirmationPasswordDiffers });
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      if (await emailExists(values.email)) {
        setError('email' as Path<T>, { message: emailExistsMessage(values.email) }, { shouldFocus: true });
        return;
      }
      await save();
    } catch (error) {
      showServerError(error, values.email);
    } finally {
      setSaving(false);
    }
  }

  function showServerError(error: unknown, email: string) {
    if (error instanceof ApiError && error.code === 'EMAIL_EXISTS') {
      setError('email' as Path<T>, { message: emailExistsMessage(email) }, { shouldFocus: true });
      return;
    }
    const fields = Object.entries(serverFieldErrors(error));
    const known = fields.filter(([name]) => fieldNames.includes(name));
    for (const [name, message] of known) setError(name as Path<T>, { message });
    if (known.length === 0 || known.length < fields.length) setFormError(errorMessage(error));
  }

  return { saving, formError, submit };
}

/** A failed check is not a verdict: the server refuses a taken email on save anyway. */
async function emailExists(email: string): Promise<boolean> {
  try {
    return (await checkEmail(email)).exists;
  } catch {
    return false;
  }
}
