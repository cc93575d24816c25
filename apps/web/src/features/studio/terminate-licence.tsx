import {
  TERMINATION_EFFECTS,
  TERMINATION_REASON_MAX_LENGTH,
  terminationMessages,
  type PublicArtist,
} from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { useTerminateArtist } from '../../api/artists/terminate-artist';
import { Button } from '../../ui/button';
import { useDiscardGuard } from '../../ui/discard-changes';
import { Modal } from '../../ui/modal';
import { PasswordField } from '../../ui/password-field';
import './terminate-licence.css';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** 'May 2, 2026' from an ISO time, as the viewer reads dates. */
export function formatTerminationDate(iso: string): string {
  return longDate.format(new Date(iso));
}

function Effects() {
  return (
    <ul className="note-list">
      {TERMINATION_EFFECTS.map((effect) => (
        <li key={effect}>{effect}</li>
      ))}
    </ul>
  );
}

/**
 * The Profile tab's "Terminate licence" (docs/decisions/0021): what ending the licence means, as the licence
 * says it, then a dialog asking for an optional reason and the current password. Once it has ended, the date.
 */
export function TerminateLicenceSection({ artist }: { artist: PublicArtist }) {
  const [open, setOpen] = useState(false);
  if (artist.status === 'CANCELLED') {
    return (
      <section className="surface-card terminate-licence" aria-labelledby="terminate-heading">
        <h3 id="terminate-heading">Licence terminated</h3>
        <p className="studio-muted">
          {artist.terminatedAt
            ? `Your licence ended on ${formatTerminationDate(artist.terminatedAt)}.`
            : 'Your licence has ended.'}{' '}
          Your subscribers keep access until the end of their term, and licence fees you earned are still paid.
        </p>
      </section>
    );
  }
  return (
    <section className="surface-card terminate-licence surface-card--danger" aria-labelledby="terminate-heading">
      <h3 id="terminate-heading">Terminate licence</h3>
      <p className="studio-muted">You may end your licence with HFM at any time. This is what happens:</p>
      <Effects />
      <div className="action-row">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Terminate licence
        </Button>
      </div>
      <TerminateDialog artist={artist} open={open} onOpenChange={setOpen} />
    </section>
  );
}

function TerminateDialog({
  artist,
  open,
  onOpenChange,
}: {
  artist: PublicArtist;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const terminate = useTerminateArtist(artist.id);

  function forget() {
    setReason('');
    setPassword('');
    setErrors({});
    setFormError(null);
    onOpenChange(false);
  }
  // A typed reason is the artist's own words: ask before dropping it (a typed password alone is not).
  const guard = useDiscardGuard(() => reason.trim() !== '', forget, 'The reason you typed has not been sent.');

  function close(next: boolean) {
    if (terminate.isPending) return;
    if (next) onOpenChange(true);
    else guard.requestClose();
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!password) {
      setErrors({ currentPassword: 'Please enter your current password.' });
      return;
    }
    setErrors({});
    try {
      await terminate.mutateAsync({ reason: reason.trim() || undefined, currentPassword: password });
      toast.success(terminationMessages.terminated);
      onOpenChange(false);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorMessage(error));
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={`Terminate the licence for ${artist.name}?`}
      description="Type your current password to confirm. This cannot be undone."
      size="small"
    >
      <form className="terminate-licence__form" onSubmit={confirm} noValidate>
        <Effects />
        <label className="studio-textarea">
          <span className="field__label">Reason (optional)</span>
          <textarea
            className="field__input"
            rows={3}
            value={reason}
            maxLength={TERMINATION_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
          />
          {errors.reason && <span className="field__error">{errors.reason}</span>}
        </label>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.currentPassword}
        />
        {formError && (
          <p className="error-text" role="alert">
            {formError}
          </p>
        )}
        <div className="action-row">
          <Button variant="ghost" onClick={() => close(false)} disabled={terminate.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={terminate.isPending}>
            Terminate licence
          </Button>
        </div>
      </form>
      {guard.dialog}
    </Modal>
  );
}
