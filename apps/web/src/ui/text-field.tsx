import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldShell } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelAside?: ReactNode;
  /** A control inside the input's right edge (e.g. show/hide password). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, labelAside, trailing, className, ref, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} labelAside={labelAside} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div className={trailing ? 'field__control field__control--trailing' : 'field__control'}>
          <input
            {...input}
            ref={ref}
            id={inputId}
            className="field__input"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          {trailing}
        </div>
      )}
    </FieldShell>
  );
}
