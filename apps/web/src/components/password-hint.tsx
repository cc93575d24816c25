import { messages, passwordStrengthFailures } from '@hfm/shared';
import '../ui/field.css';

/** The icon beside the password label: green when the password passes the strength test, red when not. */
export function PasswordHintIcon({ password }: { password: string }) {
  const strong = passwordStrengthFailures(password).length === 0;
  return (
    <span
      className={strong ? 'password-hint password-hint--ok' : 'password-hint password-hint--bad'}
      role="img"
      aria-label={strong ? 'Password is strong enough' : 'Password is not strong enough yet'}
      title="At least 8 characters, an uppercase letter, a number and a special character, with no character three times in a row."
    >
      {strong ? '✓' : '!'}
    </span>
  );
}

/** The joined failures of the strength test, shown under the password while it fails. */
export function passwordFailureText(password: string): string {
  return passwordStrengthFailures(password).join(' ');
}

/** 'Passwords match!' or 'Passwords do not match.' once something is typed in the confirmation. */
export function PasswordMatch({ password, confirmPassword }: { password: string; confirmPassword: string }) {
  if (!confirmPassword) return null;
  const match = password === confirmPassword;
  return (
    <span className={match ? 'password-match password-match--ok' : 'password-match password-match--bad'}>
      <span aria-hidden="true">{match ? '✓ ' : '✗ '}</span>
      {match ? messages.passwordsMatch : messages.passwordsDoNotMatch}
    </span>
  );
}
