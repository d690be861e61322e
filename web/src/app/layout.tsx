import { Link, Outlet } from 'react-router-dom';
import type { User } from '../features/auth/api/get-current-user';
import { LogoutButton } from '../features/auth/components/logout-button';
import { Brand } from './brand';

export function AppLayout({ user }: { user: User }) {
  return (
    <>
      <header className="app-header">
        <Link to="/" className="brand" aria-label="Pick'em home">
          <Brand />
        </Link>
        <div className="app-header__user">
          <span>{user.displayName}</span>
          <span className="app-header__email">{user.emailAddress}</span>
        </div>
        <LogoutButton />
      </header>
      <main className="app-main">
        <Outlet />
      </main>
    </>
  );
}
