import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { User } from '@/features/auth/api/get-current-user';
import type { RulesDialogProps } from '@/features/rules/components/rules-dialog';
import { rulesAutoOpenDelayMs, rulesHidden } from '@/features/rules/rules-preference';
import type { SportChoice } from '@/lib/api/get-client-sports';
import { useIsNarrowWindow } from '@/lib/use-media-query';
import { SportWeeksLoader } from '@/app/sport-weeks-loader';
import { useLogout } from '@/app/use-logout';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import './app-layout.css';

export interface AppLayoutProps {
  user: User;
  sports: readonly SportChoice[];
}

// The menu drawer and the Contact Admin dialog (its form brings react-hook-form) load when first opened, the
// Rules dialog right after the first render (it may open by itself), so none is in the first page load.
const MobileDrawer = lazy(async () => ({ default: (await import('./mobile-drawer')).MobileDrawer }));
const ContactAdminDialog = lazy(async () => ({
  default: (await import('@/features/support/components/contact-admin-dialog')).ContactAdminDialog,
}));

/** The rules may open by themselves only over the dashboard, and over no dialog (a pick in progress, a form). */
const rulesMayOpen = () =>
  document.querySelector('dialog[open]') === null && /^#\/dashboard\/?$/.test(window.location.hash);

export function AppLayout({ user, sports }: AppLayoutProps) {
  const narrow = useIsNarrowWindow();
  const logout = useLogout();
  const [rules, setRules] = useState<'auto' | 'info' | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [RulesDialog, setRulesDialog] = useState<ComponentType<RulesDialogProps>>();
  useEffect(() => {
    void import('@/features/rules/components/rules-dialog').then((module) => setRulesDialog(() => module.RulesDialog));
  }, []);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer belongs to the phone layout: widening the window closes it for good.
  if (!narrow && drawerOpen) setDrawerOpen(false);
  const openContact = () => setContactOpen(true);
  const openRules = () => setRules('info');

  // The rules open by themselves a few seconds after sign-in (docs/rules.md, Rules dialog), unless the user opted out;
  // on the dashboard only, and never over another dialog: elsewhere they wait until the player is back there.
  useEffect(() => {
    if (rulesHidden()) return;
    let timer: number;
    const openWhenFree = () => {
      if (!rulesMayOpen()) timer = window.setTimeout(openWhenFree, 1000);
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
      {drawerOpen && (
        <Suspense fallback={null}>
          <MobileDrawer
            open
            onClose={() => setDrawerOpen(false)}
            user={user}
            sports={sports}
            onContactAdmin={openContact}
            onLogout={logout}
          />
        </Suspense>
      )}
      {RulesDialog && <RulesDialog open={rules !== null} readOnly={rules === 'info'} onClose={() => setRules(null)} />}
      {contactOpen && (
        <Suspense fallback={null}>
          <ContactAdminDialog open onClose={() => setContactOpen(false)} />
        </Suspense>
      )}
      <SportWeeksLoader />
    </div>
  );
}
