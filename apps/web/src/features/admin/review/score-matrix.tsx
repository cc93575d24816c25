import { RATING_CATEGORIES } from '@hfm/shared';
import { useId } from 'react';

export type RatingCategory = (typeof RATING_CATEGORIES)[number];
export type Scores = Record<RatingCategory, number>;

const SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const MAX_TOTAL_SCORE = RATING_CATEGORIES.length * 9;

/** The artist's score matrix as one score per category, 0 where it is not rated. */
export function scoresOf(matrix: readonly { label: string; score: number }[]): Scores {
  const scores = Object.fromEntries(RATING_CATEGORIES.map((label) => [label, 0])) as Scores;
  for (const entry of matrix) {
    if ((RATING_CATEGORIES as readonly string[]).includes(entry.label))
      scores[entry.label as RatingCategory] = entry.score;
  }
  return scores;
}

/** What the server keeps: every category, in the spec's order. */
export function matrixOf(scores: Scores): { label: RatingCategory; score: number }[] {
  return RATING_CATEGORIES.map((label) => ({ label, score: scores[label] }));
}

export const totalOf = (scores: Scores) => RATING_CATEGORIES.reduce((sum, label) => sum + scores[label], 0);

export interface ScoreMatrixProps {
  scores: Scores;
  onChange: (scores: Scores) => void;
  disabled?: boolean;
}

/** The 9 rating categories, each rated 1 to 9 (or not rated), with the total as it changes. */
export function ScoreMatrix({ scores, onChange, disabled }: ScoreMatrixProps) {
  const total = totalOf(scores);
  return (
    <div className="score-matrix">
      {RATING_CATEGORIES.map((label) => (
        <ScoreRow
          key={label}
          label={label}
          score={scores[label]}
          disabled={disabled}
          onChange={(score) => onChange({ ...scores, [label]: score })}
        />
      ))}
      <p className="score-matrix__total" aria-live="polite">
        Total score <strong>{total}</strong> <span className="score-matrix__max">of {MAX_TOTAL_SCORE}</span>
      </p>
    </div>
  );
}

function ScoreRow({
  label,
  score,
  disabled,
  onChange,
}: {
  label: RatingCategory;
  score: number;
  disabled?: boolean;
  onChange: (score: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="score-matrix__row" disabled={disabled}>
      <legend className="score-matrix__label">
        {label}
        <span className="score-matrix__value">
          {score === 0 ? (
            'Not rated'
          ) : (
            <button
              type="button"
              className="score-matrix__clear"
              onClick={() => onChange(0)}
              disabled={disabled}
              aria-label={`Clear ${label}`}
            >
              Clear
            </button>
          )}
        </span>
      </legend>
      <div className="score-matrix__choices">
        {SCORES.map((value) => (
          <label key={value} className="score-matrix__choice">
            <input
              type="radio"
              name={name}
              value={value}
              checked={score === value}
              onChange={() => onChange(value)}
              aria-label={`${label}: ${value}`}
            />
            <span aria-hidden="true">{value}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
