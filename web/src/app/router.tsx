import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AuthLayout } from './layout/auth-layout';
import { appPages } from './pages';
import { PublicOnly } from './public-only';
import { RequirePermissions } from './require-permissions';
import { ForgotPasswordPage } from './routes/forgot-password';
import { AccountSettingsPage } from './routes/profile/account-settings';
import { NotificationsPage } from './routes/profile/notifications';
import { ProfileLayout } from './routes/profile/profile-layout';
import { ProfileSettingsPage } from './routes/profile/settings';
import { WalletPage } from './routes/profile/wallet';
import { ResetPasswordPage } from './routes/reset-password';
import { RouteErrorPage } from './routes/route-error';
import { SignUpPage } from './routes/sign-up';
import { SessionGate } from './session-gate';

const pageRoutes: RouteObject[] = appPages.flatMap(({ path, Page, navPermissions, pagePermissions, hasSubroutes }) =>
  Page
    ? [
        {
          path: `${path.slice(1)}${hasSubroutes ? '/*' : ''}`,
          element: (
            <RequirePermissions permissions={pagePermissions ?? navPermissions}>
              <Page />
            </RequirePermissions>
          ),
        },
      ]
    : [],
);

// Routes live after the '#' (docs/rules.md, Routes). Signed out, app paths show sign-in in place (so a deep link
// opens after signing in); signed in, '/' and unknown paths go to the dashboard.
export const router = createHashRouter([
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'sign-up', element: <SignUpPage /> },
        ],
      },
      // The mailed link works whether or not someone is signed in on this browser.
      {
        path: 'reset-password',
        element: (
          <AuthLayout>
            <ResetPasswordPage />
          </AuthLayout>
        ),
      },
      {
        element: <SessionGate />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...pageRoutes,
              {
                path: 'profile',
                element: <ProfileLayout />,
                children: [
                  { index: true, element: <Navigate to="/profile/settings" replace /> },
                  { path: 'settings', element: <ProfileSettingsPage /> },
                  { path: 'account-settings', element: <AccountSettingsPage /> },
                  { path: 'notifications', element: <NotificationsPage /> },
                  { path: 'wallet', element: <WalletPage /> },
                ],
              },
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
]);
