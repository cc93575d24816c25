import { SIGN_UP_REDIRECT_MS } from '@hfm/shared';
import { useEffect, useState } from 'react';
import { confirmPageHref } from './links';
import { countOf } from '../../ui/count-of';

/** 'You're Almost Live': what happens next (code, audition, review); after 8 seconds the browser goes to /login. */
export function ArtistAlmostLive({ email }: { email: string }) {
  const [secondsLeft, setSecondsLeft] = useState(Math.round(SIGN_UP_REDIRECT_MS / 1000));

  useEffect(() => {
    const redirect = window.setTimeout(() => window.location.assign('/login'), SIGN_UP_REDIRECT_MS);
    const tick = window.setInterval(() => setSecondsLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => {
      window.clearTimeout(redirect);
      window.clearInterval(tick);
    };
  }, []);

  return (
    <section className="sign-up-success" aria-labelledby="almost-live-title">
      <div className="sign-up-success__badge" aria-hidden="true">
        ♪
      </div>
      <h1 id="almost-live-title">You're Almost Live</h1>
      <p>
        We sent a 6-digit confirmation code to <strong>{email}</strong>. The email links to the page where you{' '}
        <a href={confirmPageHref(email)}>enter the code</a>.
      </p>
      <ol className="sign-up-success__steps">
        <li>Confirm your email with the code.</li>
        <li>Log in and finish your audition: a short bio, an artist photo and at least one song.</li>
        <li>An admin reviews it. Fans can subscribe once you are approved.</li>
      </ol>
      <p className="sign-up-success__redirect" aria-live="polite">
        Taking you to the login page in {countOf(secondsLeft, 'second')}… <a href="/login">Go now</a>
      </p>
    </section>
  );
}
