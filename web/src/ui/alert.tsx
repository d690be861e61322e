import type { ReactNode } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon, WarnIcon } from './icons';
import './alert.css';

export type AlertStatus = 'success' | 'warn' | 'error' | 'info';

export const statusIcons: Record<AlertStatus, ReactNode> = {
  success: <SuccessIcon />,
  warn: <WarnIcon />,
  error: <ErrorIcon />,
  info: <InfoIcon />,
};

export interface AlertProps {
  status: AlertStatus;
  children: ReactNode;
}

export function Alert({ status, children }: AlertProps) {
  // Errors and warnings interrupt a screen reader; success and info wait their turn.
  const role = status === 'error' || status === 'warn' ? 'alert' : 'status';
  return (
    <div role={role} className={`ui-alert ui-alert--${status}`}>
      <span className="ui-alert__icon">{statusIcons[status]}</span>
      <div className="ui-alert__body">{children}</div>
    </div>
  );
}
