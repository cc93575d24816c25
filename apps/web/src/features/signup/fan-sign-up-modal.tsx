import { Modal } from '../../ui/modal';
import { FanSignUpForm } from './fan-sign-up-form';
import './sign-up.css';

export interface FanSignUpModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Fan Sign Up' as a dialog (the landing page opens it); after saving the browser goes to /login. */
export function FanSignUpModal({ open, onOpenChange }: FanSignUpModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Fan Sign Up"
      description="Create your HFM fan account."
      hideDescription
      size="large"
    >
      <FanSignUpForm
        variant="modal"
        onCancel={() => onOpenChange(false)}
        onSaved={() => window.location.assign('/login')}
      />
    </Modal>
  );
}
