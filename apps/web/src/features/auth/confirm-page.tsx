import { zodResolver } from '@hookform/resolvers/zod';
import { confirmUserBody } from '@hfm/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useConfirmUser, useResendCode } from '../../api/identity';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { AuthLayout } from './auth-layout';

interface ConfirmForm {
  code: string;
  email: string;
}
type ConfirmValues = ReturnType<typeof confirmUserBody.parse>;

/** /confirm: the 6-digit code and the email; success goes to /login, failures say what went wrong. */
export default function ConfirmPage() {
  const [params] = useSearchParams();
  const form = useForm<ConfirmForm, unknown, ConfirmValues>({
    resolver: zodResolver(confirmUserBody),
    defaultValues: { code: params.get('code') ?? '', email: params.get('email') ?? '' },
  });
  const { register, handleSubmit, formState, setError, control, trigger, getValues } = form;
  const [code = '', email = ''] = useWatch({ control, name: ['code', 'email'] });
  const confirm = useConfirmUser();
  const resend = useResendCode();
  const [failure, setFailure] = useState<string | null>(null);
  const [resentTo, setResentTo] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await confirm.mutateAsync(values);
      window.location.assign(loginAfterConfirming(values.email));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.code) setError('code', { message: fields.code }, { shouldFocus: true });
      if (fields.email) setError('email', { message: fields.email });
      if (!fields.code && !fields.email) setFailure(errorMessage(error));
    }
  });

  async function sendNewCode() {
    setFailure(null);
    setResentTo(null);
    if (!(await trigger('email'))) return;
    const target = getValues('email').trim();
    try {
      await resend.mutateAsync({ email: target });
      setResentTo(target);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <AuthLayout title="Confirm your email" intro="Enter the 6-digit code from the email we sent you.">
      <form className="auth-form" onSubmit={submit} noValidate>
        {failure && (
          <p className="auth-form__alert" role="alert">
            {failure}
          </p>
        )}
        <TextField
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" disabled={!code.trim() || !email.trim()} loading={confirm.isPending}>
          Continue
        </Button>
      </form>
      <div className="auth-card__aside">
        <p>Didn't get a code, or has it expired?</p>
        <Button variant="secondary" onClick={sendNewCode} loading={resend.isPending}>
          Send a new code
        </Button>
        {resentTo && (
          <p role="status">If {resentTo} is waiting for confirmation, a new code is on its way. Codes last 24 hours.</p>
        )}
      </div>
      <p className="auth-card__links">
        <a href="/login">Back to login</a>
      </p>
    </AuthLayout>
  );
}

/** /login then says the email is confirmed and has it filled in. */
export function loginAfterConfirming(email: string): string {
  return `/login?${new URLSearchParams({ confirmed: '1', email: email.trim() }).toString()}`;
}
