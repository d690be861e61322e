import { NavLink } from 'react-router-dom';
import type { User } from '@/features/auth/api/get-current-user';
import { visibleNavItems } from '@/app/nav-items';
import { appPages } from '@/app/pages';
import './main-nav.css';

export function MainNav({
  user,
  linkClassName,
  onNavigate,
}: {
  user: User;
  linkClassName?: string;
  onNavigate?: () => void;
}) {
  const items = visibleNavItems(appPages, user);
  return (
    <ul className={linkClassName ? 'drawer-list' : undefined}>
      {items.map((item) => (
        <li key={item.path}>
          <NavLink to={item.path} className={linkClassName} onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
