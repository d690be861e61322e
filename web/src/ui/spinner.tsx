import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; null when the surrounding element already says what is loading. */
  label?: string | null;
}

export function Spinner({ size = 'md', label = 'Loading…' }: SpinnerProps) {
  const className = `ui-spinner ui-spinner--${size}`;
  if (label === null) return <span className={className} aria-hidden="true" />;
  return <span className={className} role="status" aria-label={label} />;
}
