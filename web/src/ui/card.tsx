import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  title?: string;
  /** Controls shown at the end of the title row, e.g. an 'Edit' button. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Card({ title, actions, className, children }: CardProps) {
  return (
    <section className={['ui-card', className].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <div className="ui-card__header">
          {title && <h2 className="ui-card__title">{title}</h2>}
          {actions && <div className="ui-card__actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
