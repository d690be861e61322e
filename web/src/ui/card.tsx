import type { ReactNode } from 'react';

export interface CardProps {
  title?: string;
  className?: string;
  children: ReactNode;
}

export function Card({ title, className, children }: CardProps) {
  return (
    <section className={['ui-card', className].filter(Boolean).join(' ')}>
      {title && <h2 className="ui-card__title">{title}</h2>}
      {children}
    </section>
  );
}
