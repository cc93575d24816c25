import { useLocation } from 'react-router';
import { Modal } from '../../ui/modal';
import { loginHref, rememberReturnPath } from '../../ui/return-address';

/**
 * Signed out, a member-only action asks to log in or sign up (the fan sign-up), then comes back to this page.
 * `signUpFirst` leads with the sign-up: what a subscription needs (Subscribe, a full song, a download).
 */
export function SignInPrompt({
  open,
  onOpenChange,
  title,
  reason,
  signUpFirst = false,
  returnTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  reason: string;
  signUpFirst?: boolean;
  /** Where to come back to (this page by default). */
  returnTo?: string;
}) {
  const { pathname, search } = useLocation();
  const here = returnTo ?? `${pathname}${search}`;
  const logIn = (
    <a key="log-in" className={`button button--${signUpFirst ? 'secondary' : 'primary'}`} href={loginHref(here)}>
      <span>Log in</span>
    </a>
  );
  const signUp = (
    <a
      key="sign-up"
      className={`button button--${signUpFirst ? 'primary' : 'secondary'}`}
      href="/main/#/fan-sign-up"
      onClick={() => rememberReturnPath(here)}
    >
      <span>Sign up as a fan</span>
    </a>
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={reason} size="small">
      <div className="discover-dialog__actions">{signUpFirst ? [signUp, logIn] : [logIn, signUp]}</div>
    </Modal>
  );
}
