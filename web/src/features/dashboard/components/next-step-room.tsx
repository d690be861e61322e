import type { ReactNode } from 'react';
import './next-step-block.css';

export interface NextStepRoomProps {
  /** Names the block by its heading once it says something; undefined while it loads. */
  headingId: string | undefined;
  busy: boolean;
  className: string | undefined;
  children: ReactNode;
}

/**
 * The room the dashboard's call to action takes, the same whether it is loading (its code or the week) or speaks, so
 * nothing below it moves. Part of the first load; what it says is loaded beside the week (next-step-block.tsx).
 */
export function NextStepRoom({ headingId, busy, className, children }: NextStepRoomProps) {
  return (
    <section
      className={['next-step', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-label={headingId ? undefined : 'This week'}
      aria-busy={busy}
    >
      {children}
    </section>
  );
}
