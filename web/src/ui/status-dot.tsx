import { UserStatus } from '#domain/auth/user.ts';
import './status-dot.css';

const statusLabels: Record<number, string> = {
  [UserStatus.Active]: 'Active',
  [UserStatus.NotActive]: 'Not active',
  [UserStatus.ConfirmationRequired]: 'Confirmation required',
};

/**
 * A user's status as a coloured dot named for screen readers (docs/rules.md, User status): green Active,
 * red Not active, blue Confirmation required, grey otherwise.
 */
export function StatusDot({ status }: { status: number }) {
  const label = statusLabels[status] ?? 'Unknown';
  return (
    <span
      className={`status-dot status-dot--${statusLabels[status] ? status : 'other'}`}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}
