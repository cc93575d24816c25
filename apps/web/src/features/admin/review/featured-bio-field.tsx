import { useId } from 'react';

/** The featured bio: plain text member home shows under the hero artist. */
export function FeaturedBioField({
  value,
  onChange,
  maxLength,
  label = 'Featured bio',
}: {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input review-textarea"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        rows={3}
        placeholder="A line or two for member home"
      />
    </div>
  );
}
