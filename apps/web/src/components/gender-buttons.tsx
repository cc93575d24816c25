import { GENDER_LABELS, GENDERS, type Gender } from '@hfm/shared';
import { useId, type KeyboardEvent } from 'react';
import '../ui/field.css';

export interface GenderButtonsProps {
  value: string | undefined;
  onChange: (gender: Gender) => void;
  onBlur?: () => void;
  error?: string;
  label?: string;
  options?: readonly Gender[];
}

/** A radio group drawn as buttons; arrow keys move the choice like native radios. */
export function GenderButtons({
  value,
  onChange,
  onBlur,
  error,
  label = 'Gender',
  options = GENDERS,
}: GenderButtonsProps) {
  const labelId = useId();
  const errorId = `${labelId}-error`;
  const focusIndex = Math.max(
    0,
    options.findIndex((gender) => gender === value),
  );

  function moveWithArrows(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = options[(index + step + options.length) % options.length]!;
    onChange(next);
    const group = event.currentTarget.parentElement;
    (group?.children[(index + step + options.length) % options.length] as HTMLElement | undefined)?.focus();
  }

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <div
        className="gender-buttons"
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((gender, index) => (
          <button
            key={gender}
            type="button"
            role="radio"
            aria-checked={value === gender}
            tabIndex={index === focusIndex ? 0 : -1}
            className="gender-buttons__option"
            onClick={() => onChange(gender)}
            onKeyDown={(event) => moveWithArrows(event, index)}
            onBlur={onBlur}
          >
            {GENDER_LABELS[gender]}
          </button>
        ))}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
