import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Permission } from '#domain/auth/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { holdsPermissions } from '@/lib/permissions';

/** A page the user may not open sends them to the dashboard, as an unknown path does. */
export function RequirePermissions({
  permissions,
  children,
}: {
  permissions: readonly Permission[];
  children: ReactNode;
}) {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return holdsPermissions(user, permissions) ? children : <Navigate to="/dashboard" replace />;
}
