import { messages } from '@hfm/shared';
import { useRef } from 'react';
import { Modal } from '../../ui/modal';
import { signedUpLoginHref } from './links';
import { FanSignUpForm } from './fan-sign-up-form';
import { SocialSignUpError, useSocialReturn } from './use-social-return';
import './sign-up.css';

export interface FanSignUpModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `?social=` after Sign Up With Facebook: the one-time token of the details it brought in. */
  socialToken?: string | null;
  /** `?socialError=` after a social sign-in that did not work: why. */
  socialError?: string | null;
}

/**
 * 'Fan Sign Up' as a dialog (the landing page opens it); after saving the browser goes to /login, which says
 * that a code was mailed and offers the code screen.
 */
export function FanSignUpModal({ open, onOpenChange, socialToken = null, socialError = null }: FanSignUpModalProps) {
  const social = useSocialReturn(socialToken, socialError);
  const close = () => onOpenChange(false);
  // The form knows whether anything was typed: Escape, the corner × and a click outside ask it first.
  const requestCloseRef = useRef<() => void>(close);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : requestCloseRef.current())}
      title="Fan Sign Up"
      description="Create your HFM fan account."
      hideDescription
      size="large"
    >
      {social.loading ? (
        <p className="page-loading">{messages.loading}</p>
      ) : (
        <FanSignUpForm
          key={social.prefilled ? 'prefilled' : 'empty'}
          variant="modal"
          onCancel={close}
          requestCloseRef={requestCloseRef}
          onSaved={(email) => window.location.assign(signedUpLoginHref(email))}
          social={social.prefilled}
          socialError={social.error && <SocialSignUpError code={social.error} providerName={social.providerName} />}
        />
      )}
    </Modal>
  );
}
