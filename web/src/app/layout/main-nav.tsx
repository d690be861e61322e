import { useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { User } from '@/features/auth/api/get-current-user';
import { itemsThatFit, visibleNavItems } from '@/app/nav-items';
import { appPages } from '@/app/pages';
import { ChevronDownIcon } from '@/ui/icons';
import { DropdownMenu } from '@/ui/menu';
import './main-nav.css';

/** The header's items that fit whole; the others are in a More menu. In the phone drawer (linkClassName), all of them. */
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
  const measure = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(items.length);
  const { pathname } = useLocation();
  const drawer = linkClassName !== undefined;

  useLayoutEffect(() => {
    const list = measure.current;
    const nav = list?.parentElement;
    if (drawer || !list || !nav) return;
    const fit = () => {
      const widths = [...list.children].map((child) => child.getBoundingClientRect().width);
      setShown(itemsThatFit(widths, nav.clientWidth, 4));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [drawer, items.length]);

  if (drawer)
    return (
      <ul className="drawer-list">
        {items.map((item) => (
          <li key={item.path}>
            <NavLink to={item.path} className={linkClassName} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    );
  const more = items.slice(shown);
  const moreIsCurrent = more.some((item) => pathname.startsWith(item.path));
  return (
    <>
      <ul className="main-nav__measure" ref={measure} aria-hidden="true">
        {items.map((item) => (
          <li key={item.path}>
            <span className="main-nav__link">{item.label}</span>
          </li>
        ))}
      </ul>
      <ul>
        {items.slice(0, shown).map((item) => (
          <li key={item.path}>
            <NavLink to={item.path} className="main-nav__link">
              {item.label}
            </NavLink>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <DropdownMenu
              label="More pages"
              align="start"
              triggerClassName={`main-nav__link main-nav__more${moreIsCurrent ? ' main-nav__more--current' : ''}`}
              trigger={
                <>
                  More <ChevronDownIcon size={14} />
                </>
              }
              items={more.map((item) => ({ key: item.path, label: item.label, to: item.path }))}
            />
          </li>
        )}
      </ul>
    </>
  );
}
