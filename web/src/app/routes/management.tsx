import type { ComponentType } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { type NavEntry, visibleNavItems } from '@/app/nav-items';
import { RequirePermissions } from '@/app/require-permissions';
import './management.css';

export interface ManagementPage extends NavEntry {
  /** The segment after /management/. */
  path: string;
  label: string;
  Page?: ComponentType;
}

/**
 * The management pages under their shared top navigation. Each item shows to holders of its permission once
 * its page is built; /management opens the first the user may open; each page is guarded by its permission.
 */
export function ManagementSection({ pages }: { pages: readonly ManagementPage[] }) {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const items = visibleNavItems(pages, user);
  const first = items[0];
  return (
    <div className="management">
      {items.length > 0 && (
        <nav className="management-nav" aria-label="Management">
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <NavLink to={`/management/${item.path}`}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Routes>
        <Route index element={<Navigate to={first ? `/management/${first.path}` : '/dashboard'} replace />} />
        {pages.map(({ path, Page, navPermissions }) =>
          Page ? (
            <Route
              key={path}
              path={path}
              element={
                <RequirePermissions permissions={navPermissions}>
                  <Page />
                </RequirePermissions>
              }
            />
          ) : null,
        )}
        <Route path="*" element={<Navigate to="/management" replace />} />
      </Routes>
    </div>
  );
}
