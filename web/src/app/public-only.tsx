import { Navigate, Outlet } from 'react-router-dom';
import { useSessionToken } from '@/lib/session';
import { AuthLayout } from './layout/auth-layout';

/** Screens for someone signed out; a signed-in user (e.g. right after sign-up) goes to the app. */
export function PublicOnly() {
  const token = useSessionToken();
  if (token) return <Navigate to="/dashboard" replace />;
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
