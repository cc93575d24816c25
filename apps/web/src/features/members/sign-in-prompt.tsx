import { useLocation } from 'react-router';
import { Modal } from '../../ui/modal';
import { loginHref, rememberReturnPath } from '../../ui/return-address';

/** Signed out, a member-only action (Hi Five) asks to log in or sign up, then comes back to this page. */
export function SignInPrompt({
  open,
  onOpenChange,
  title,
  reason,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  reason: string;
}) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={reason} size="small">
      <div className="discover-dialog__actions">
        <a className="button button--primary" href={loginHref(here)}>
          <span>Log in</span>
        </a>
        <a className="button button--secondary" href="/main/#/fan-sign-up" onClick={() => rememberReturnPath(here)}>
          <span>Sign up as a fan</span>
        </a>
      </div>
    </Modal>
  );
}
