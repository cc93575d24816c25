import { confirmPageHref } from './links';

/** 'Just one more step!': the account exists; the email holds the link and the 6-digit code. */
export function FanSignUpSuccess({ email }: { email: string }) {
  return (
    <section className="sign-up-success" aria-labelledby="one-more-step-title">
      <div className="sign-up-success__badge" aria-hidden="true">
        ✉
      </div>
      <h1 id="one-more-step-title">Just one more step!</h1>
      <p className="sign-up-success__lead">Check your email for a confirmation link!</p>
      <p>
        We sent it to <strong>{email}</strong>, with a 6-digit code. Got the code?{' '}
        <a href={confirmPageHref(email)}>Enter your code</a>
      </p>
      <p>
        Once you are confirmed, <a href="/login">log in</a> to start listening.
      </p>
    </section>
  );
}
