import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read to screen readers when the dialog opens; shown under the title unless hidden. */
  description?: ReactNode;
  hideDescription?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** Hides the corner close button (when the body has its own Cancel/Close). */
  hideClose?: boolean;
  className?: string;
  /** What takes focus when the dialog opens (Radix's default is the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  size = 'medium',
  hideClose,
  className,
  initialFocus,
  children,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={['modal', `modal--${size}`, className].filter(Boolean).join(' ')}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
        >
          <header className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            {!hideClose && (
              <Dialog.Close className="modal__close" aria-label="Close">
                ×
              </Dialog.Close>
            )}
          </header>
          {description && (
            <Dialog.Description className={hideDescription ? 'visually-hidden' : 'modal__description'}>
              {description}
            </Dialog.Description>
          )}
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
