import './progress-bar.css';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
}

/** A labelled progress bar; the label is the accessible name and is shown above the bar. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress-bar">
      <div className="progress-bar__labels">
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        className="progress-bar__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-bar__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
