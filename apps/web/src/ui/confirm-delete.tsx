import { messages } from '@hfm/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './confirm-delete.css';

export interface ConfirmPopupProps {
  text?: string;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
  id?: string;
  /** The buttons' words where 'Confirm' and 'Cancel' would be unclear (e.g. 'Cancel renewal' / 'Keep subscription'). */
  confirmLabel?: string;
  cancelLabel?: string;
}

/** The confirmation itself: 'Really delete item?' (unless other text is given), Confirm and Cancel. */
export function ConfirmPopup({
  text = messages.reallyDelete,
  onConfirm,
  onCancel,
  id,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
}: ConfirmPopupProps) {
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      id={id}
      className="confirm-delete__popup"
      role="alertdialog"
      aria-label={text}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p>{text}</p>
      <div className="confirm-delete__actions">
        <button type="button" className="confirm-delete__confirm" onClick={confirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="confirm-delete__cancel" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}

export interface ConfirmDeleteProps {
  onConfirm: () => void | Promise<void>;
  text?: string;
  /** The trigger's content (an icon or the word Delete). */
  children?: ReactNode;
  /** The trigger's accessible name, e.g. 'Delete My album'. */
  label?: string;
  className?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** A Delete button whose click shows the confirmation; Confirm or Cancel hides it again. */
export function ConfirmDelete({
  onConfirm,
  text,
  children = 'Delete',
  label,
  className,
  confirmLabel,
  cancelLabel,
}: ConfirmDeleteProps) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);

  function cancel() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  async function confirm() {
    try {
      await onConfirm();
    } finally {
      setOpen(false);
    }
  }

  return (
    <span className={['confirm-delete', className].filter(Boolean).join(' ')}>
      <button
        ref={triggerRef}
        type="button"
        className="confirm-delete__trigger"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {children}
      </button>
      {open && (
        <ConfirmPopup
          id={popupId}
          text={text}
          onConfirm={confirm}
          onCancel={cancel}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
        />
      )}
    </span>
  );
}
