import { useId, type ReactNode } from 'react';
import './field.css';

export interface FieldShellProps {
  label: ReactNode;
  error?: string;
  /** Text under the field that is not an error (e.g. a format hint). */
  hint?: ReactNode;
  /** Something beside the label (e.g. the password hint icon). */
  labelAside?: ReactNode;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}

export interface FieldIds {
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** Label, control, hint and error, tied together with ids for assistive technology. */
export function FieldShell({ label, error, hint, labelAside, className, children }: FieldShellProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        {labelAside}
      </div>
      {children({ inputId, describedBy, invalid: Boolean(error) })}
      {hint && (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
