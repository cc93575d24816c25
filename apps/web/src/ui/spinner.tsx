import { messages } from '@hfm/shared';
import './spinner.css';

export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' | 'large' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}

/** Covers its positioned parent while something saves; announced to screen readers. */
export function SavingOverlay({ label = messages.savingProfile }: { label?: string }) {
  return (
    <div className="saving-overlay" role="status" aria-live="polite">
      <div className="saving-overlay__content">
        <Spinner size="large" />
        <p>{label}</p>
      </div>
    </div>
  );
}
