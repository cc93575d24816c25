import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `danger` is for what cannot be undone (deleting an account). */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Shows a spinner, keeps the label for screen readers and blocks clicks. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner size="small" />}
      <span>{children}</span>
    </button>
  );
}
