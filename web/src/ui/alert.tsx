import type { ReactNode } from 'react';

export type AlertStatus = 'success' | 'warn' | 'error' | 'info';

export interface AlertProps {
  status: AlertStatus;
  children: ReactNode;
}

export function Alert({ status, children }: AlertProps) {
  // Errors and warnings interrupt a screen reader; success and info wait their turn.
  const role = status === 'error' || status === 'warn' ? 'alert' : 'status';
  return (
    <div role={role} className={`ui-alert ui-alert--${status}`}>
      {children}
    </div>
  );
}
