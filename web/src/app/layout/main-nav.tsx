import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
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
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // An administrator's items are wider than the header: the current page's item is scrolled into view.
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <ul ref={list} className={linkClassName ? 'drawer-list' : undefined}>
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
