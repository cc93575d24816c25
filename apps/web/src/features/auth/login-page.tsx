import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody, type LoginBody } from '@hfm/shared';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useLogin } from '../../api/session';
import { errorMessage } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import {
  forgetReturnPath,
  rememberReturnPath,
  safeReturnPath,
  takeRememberedReturnPath,
} from '../../ui/return-address';
import { TextField } from '../../ui/text-field';
import { AuthLayout } from './auth-layout';
import { SignedInNotice } from './signed-in-notice';

/**
 * /login: the full-page sign-in; success follows the server's routeTo, or `?next=` (a path on this site,
 * e.g. the artist page whose Subscribe button sent the visitor here). Signing up on the way keeps it.
 */
export default function LoginPage() {
  const query = new URLSearchParams(window.location.search);
  const prefill = query.get('email') ?? '';
  const justConfirmed = query.get('confirmed') === '1';
  const justSignedUp = query.get('signedUp') === '1' && prefill !== '';
  const next = safeReturnPath(query.get('next'));
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { userName: prefill, password: '' },
  });
  const { register, handleSubmit, formState } = form;
  const login = useLogin();
  const [failure, setFailure] = useState<ReactNode>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { routeTo } = await login.mutateAsync(values);
      const returnTo = next ?? (justConfirmed ? takeRememberedReturnPath() : null);
      forgetReturnPath();
      window.location.assign(returnTo ?? routeTo);
    } catch (error) {
      setFailure(describeLoginFailure(error, values.userName));
    }
  });

  const credentialsMissing = formState.errors.userName?.message ?? formState.errors.password?.message;

  return (
    <AuthLayout title="Log in" intro="Welcome back. Your music is waiting.">
      <SignedInNotice />
      {justSignedUp && <SignedUpNotice email={prefill} />}
      {justConfirmed && (
        <p className="auth-form__notice" role="status">
          Your email is confirmed{prefill ? <> ({prefill})</> : null}. Log in to continue.
        </p>
      )}
      <form className="auth-form" onSubmit={submit} noValidate>
        {(failure || credentialsMissing) && (
          <div className="auth-form__alert" role="alert">
            {failure ?? credentialsMissing}
          </div>
        )}
        <TextField label="Email" type="email" autoComplete="username" inputMode="email" {...register('userName')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus={justConfirmed && prefill !== ''}
          {...register('password')}
        />
        <Button type="submit" loading={login.isPending}>
          Log In
        </Button>
      </form>
      <p className="auth-card__links">
        New to HFM?{' '}
        <a href="/main/#/fan-sign-up" onClick={() => next && rememberReturnPath(next)}>
          Sign up as a fan
        </a>{' '}
        or <a href="/main/#/artist-sign-up">as an artist</a>
      </p>
      <p className="auth-card__links">
        <a href="/main/#/">Back to home</a>
      </p>
    </AuthLayout>
  );
}

/** After the fan sign-up modal (`?signedUp=1&email=`): the account waits for the code that was mailed. */
function SignedUpNotice({ email }: { email: string }) {
  return (
    <section className="auth-form__notice" role="status" aria-labelledby="signed-up-title">
      <h2 id="signed-up-title" className="auth-form__notice-title">
        Just one more step!
      </h2>
      <p>
        We sent a confirmation link and a 6-digit code to <strong>{email}</strong>. Got the code?{' '}
        <a href={confirmHref(email)}>Enter your code</a>
      </p>
      <p>Once you are confirmed, log in here to start listening.</p>
    </section>
  );
}

function confirmHref(email: string): string {
  return `/main/#/confirm?email=${encodeURIComponent(email)}`;
}

function describeLoginFailure(error: unknown, userName: string): ReactNode {
  if (error instanceof ApiError && error.code === 'UNCONFIRMED') {
    return (
      <>
        {error.message} <a href={confirmHref(userName.trim())}>Enter your code</a>
      </>
    );
  }
  return errorMessage(error);
}
