import { SIGN_UP_REDIRECT_MS } from '@hfm/shared';
import { useEffect, useState } from 'react';
import { confirmPageHref } from './links';

/** 'You're Almost Live': the confirmation is on its way; after 8 seconds the browser goes to /login. */
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
        We sent a confirmation link to your inbox at <strong>{email}</strong>. One click and your artist account is
        live.
      </p>
      <p>
        The email also holds a 6-digit code. You can <a href={confirmPageHref(email)}>enter the code here</a> instead.
      </p>
      <p className="sign-up-success__redirect" aria-live="polite">
        Taking you to the login page in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}… <a href="/login">Go now</a>
      </p>
    </section>
  );
}
