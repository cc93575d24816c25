import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldShell } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, options, placeholder, error, hint, className, ref, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div className="field__control field__control--select">
          <select
            {...select}
            ref={ref}
            id={inputId}
            className="field__input"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </FieldShell>
  );
}
