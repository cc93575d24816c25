import { useRef, useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface DiscardChangesDialogProps {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  /** What would be lost, e.g. 'The song info you typed has not been saved.' */
  detail?: string;
}

/** Asked before a form with unsaved changes closes: Keep editing (the default) or Discard changes. */
export function DiscardChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
  detail = 'What you typed has not been saved.',
}: DiscardChangesDialogProps) {
  const keepEditing = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onKeepEditing()}
      title="Discard your changes?"
      description={detail}
      size="small"
      hideClose
      initialFocus={keepEditing}
    >
      <div className="modal__actions">
        <Button variant="secondary" onClick={onDiscard}>
          Discard changes
        </Button>
        <Button ref={keepEditing} onClick={onKeepEditing}>
          Keep editing
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Guards closing a form: `requestClose` closes at once when nothing changed, else asks first.
 * Render `dialog` next to the form.
 */
export function useDiscardGuard(isDirty: () => boolean, close: () => void, detail?: string) {
  const [asking, setAsking] = useState(false);
  function requestClose() {
    if (isDirty()) setAsking(true);
    else close();
  }
  const dialog = (
    <DiscardChangesDialog
      open={asking}
      detail={detail}
      onKeepEditing={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        close();
      }}
    />
  );
  return { requestClose, dialog };
}
