import { Spinner } from './spinner';
import './loading-overlay.css';

/** Covers the whole screen while something the page cannot work without is loading. */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="ui-loading-overlay">
      <Spinner size="lg" label={label} />
      <p className="ui-loading-overlay__label" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
