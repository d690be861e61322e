import { HashRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { AuthLayout } from './layout/auth-layout';
import { appPages } from './pages';
import { PublicOnly } from './public-only';
import { RequirePermissions } from './require-permissions';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './routes/route-error';
import { SessionGate } from './session-gate';

// Loaded on first opening, like the pages of the routes table: the first load is sign-in and the dashboard.
const ForgotPasswordPage = lazyPage(() =>
  import('./routes/forgot-password').then((module) => module.ForgotPasswordPage),
);
const SignUpPage = lazyPage(() => import('./routes/sign-up').then((module) => module.SignUpPage));
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password').then((module) => module.ResetPasswordPage));
const ProfileLayout = lazyPage(() => import('./routes/profile/profile-layout').then((module) => module.ProfileLayout));
const ProfileSettingsPage = lazyPage(() =>
  import('./routes/profile/settings').then((module) => module.ProfileSettingsPage),
);
const AccountSettingsPage = lazyPage(() =>
  import('./routes/profile/account-settings').then((module) => module.AccountSettingsPage),
);
const NotificationsPage = lazyPage(() =>
  import('./routes/profile/notifications').then((module) => module.NotificationsPage),
);
const WalletPage = lazyPage(() => import('./routes/profile/wallet').then((module) => module.WalletPage));

const pageRoutes = appPages.flatMap(({ path, Page, navPermissions, pagePermissions, hasSubroutes }) =>
  Page
    ? [
        <Route
          key={path}
          path={`${path.slice(1)}${hasSubroutes ? '/*' : ''}`}
          element={
            <RequirePermissions permissions={pagePermissions ?? navPermissions}>
              <Page />
            </RequirePermissions>
          }
        />,
      ]
    : [],
);

// Routes live after the '#' (docs/rules.md, Routes). Signed out, app paths show sign-in in place (so a deep link
// opens after signing in); signed in, '/' and unknown paths go to the dashboard. Declared as elements (not a data
// router, which the app has no use for): that keeps some 17 kB gzip of React Router off the first load.
export function AppRouter() {
  return (
    <HashRouter>
      <RouteErrorBoundary>
        <Routes>
          <Route element={<PublicOnly />}>
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="sign-up" element={<SignUpPage />} />
          </Route>
          {/* The mailed link works whether or not someone is signed in on this browser. */}
          <Route
            path="reset-password"
            element={
              <AuthLayout>
                <ResetPasswordPage />
              </AuthLayout>
            }
          />
          <Route element={<SessionGate />}>
            <Route
              element={
                <RouteErrorBoundary>
                  <Outlet />
                </RouteErrorBoundary>
              }
            >
              <Route index element={<Navigate to="/dashboard" replace />} />
              {pageRoutes}
              <Route path="profile" element={<ProfileLayout />}>
                <Route index element={<Navigate to="/profile/settings" replace />} />
                <Route path="settings" element={<ProfileSettingsPage />} />
                <Route path="account-settings" element={<AccountSettingsPage />} />
                <Route path="notifications" element={<NotificationsPage />} />
                <Route path="wallet" element={<WalletPage />} />
              </Route>
              <Route path="*" element={<Navigate to="/dashboard" replace />} />
            </Route>
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </HashRouter>
  );
}
