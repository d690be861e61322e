import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  title?: string;
  /** Controls shown at the end of the title row, e.g. an 'Edit' button. */
  actions?: ReactNode;
  className?: string;
  /** Names the card by its title (a region landmark): the id its heading takes. */
  headingId?: string;
  children: ReactNode;
}

export function Card({ title, actions, className, headingId, children }: CardProps) {
  return (
    <section
      className={['ui-card', className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
    >
      {(title || actions) && (
        <div className="ui-card__header">
          {title && (
            <h2 className="ui-card__title" id={headingId}>
              {title}
            </h2>
          )}
          {actions && <div className="ui-card__actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
