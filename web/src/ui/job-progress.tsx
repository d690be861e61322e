import { useId } from 'react';
import './job-progress.css';

export interface JobProgressProps {
  /** Rows done of all rows, as the job notes them; absent until the job knows how many (an indeterminate bar). */
  progress: { done: number; total: number } | undefined;
  /** Said while the count is unknown, e.g. 'Reading the file…'. */
  waiting: string;
  /** What the bar measures, e.g. 'Rows checked'. */
  label: string;
  /** What is counted, after 'N of M', e.g. 'rows checked'. */
  unit: string;
}

/** How far a long job is: a bar and 'N of M rows …' (docs/rules.md, Long jobs); no spinner. */
export function JobProgress({ progress, label, unit, waiting }: JobProgressProps) {
  const id = useId();
  if (!progress)
    return (
      <div className="job-progress">
        <label className="visually-hidden" htmlFor={id}>
          {label}
        </label>
        <progress id={id} className="job-progress__bar" />
        <span className="job-progress__text">{waiting}</span>
      </div>
    );
  const { done, total } = progress;
  return (
    <div className="job-progress">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <progress id={id} className="job-progress__bar" value={done} max={Math.max(total, 1)} />
      <span className="job-progress__text">
        {done} of {total} {unit}
      </span>
    </div>
  );
}
