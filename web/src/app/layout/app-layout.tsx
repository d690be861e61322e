import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { User } from '@/features/auth/api/get-current-user';
import { RulesDialog } from '@/features/rules/components/rules-dialog';
import { rulesAutoOpenDelayMs, rulesHidden } from '@/features/rules/rules-preference';
import { ContactAdminDialog } from '@/features/support/components/contact-admin-dialog';
import type { SportChoice } from '@/lib/api/get-client-sports';
import { useIsNarrowWindow } from '@/lib/use-media-query';
import { SportWeeksLoader } from '@/app/sport-weeks-loader';
import { useLogout } from '@/app/use-logout';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { MobileDrawer } from './mobile-drawer';
import './app-layout.css';

export interface AppLayoutProps {
  user: User;
  sports: readonly SportChoice[];
}

const someDialogIsOpen = () => document.querySelector('dialog[open]') !== null;

export function AppLayout({ user, sports }: AppLayoutProps) {
  const narrow = useIsNarrowWindow();
  const logout = useLogout();
  const [rules, setRules] = useState<'auto' | 'info' | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer belongs to the phone layout: widening the window closes it for good.
  if (!narrow && drawerOpen) setDrawerOpen(false);
  const openContact = () => setContactOpen(true);
  const openRules = () => setRules('info');

  // The rules open by themselves a few seconds after sign-in (docs/rules.md, Rules dialog), unless the user opted out;
  // if another dialog is open at that moment, they wait for it to close.
  useEffect(() => {
    if (rulesHidden()) return;
    let timer: number;
    const openWhenFree = () => {
      if (someDialogIsOpen()) timer = window.setTimeout(openWhenFree, 1000);
      else setRules((current) => current ?? 'auto');
    };
    timer = window.setTimeout(openWhenFree, rulesAutoOpenDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="app-shell">
      {/* A plain '#main' href would be read by the hash router as a route. */}
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      {!narrow && <AppSidebar sports={sports} onLogout={logout} />}
      <div className="app-body">
        <AppHeader
          user={user}
          sports={sports}
          narrow={narrow}
          onOpenMenu={() => setDrawerOpen(true)}
          onOpenRules={openRules}
          onContactAdmin={openContact}
          onLogout={logout}
        />
        <main className="app-main" id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <AppFooter onOpenRules={openRules} onContactAdmin={openContact} />
      </div>
      <MobileDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        user={user}
        sports={sports}
        onContactAdmin={openContact}
        onLogout={logout}
      />
      <RulesDialog open={rules !== null} readOnly={rules === 'info'} onClose={() => setRules(null)} />
      <ContactAdminDialog open={contactOpen} onClose={() => setContactOpen(false)} />
      <SportWeeksLoader />
    </div>
  );
}
