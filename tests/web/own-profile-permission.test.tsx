// @vitest-environment happy-dom
// A role without 'view own profile' (4) is not offered the profile's forms, which the server refuses it (docs/rules.md,
// Permissions): Profile Settings says so in place of Edit Profile, and Notifications lists the notifications without
// the mail and push switches. With 4 both are offered.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { answerExamples } from '#domain/contracts/examples.ts';
import { NotificationsPage } from '@/app/routes/profile/notifications';
import { ProfileSettingsPage } from '@/app/routes/profile/settings';
import { endSession, startSession } from '@/lib/session';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

cleanUpAfterEach();
afterEach(() => endSession());

function signedInWith(permissions: Permission[], page: 'settings' | 'notifications') {
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Services/user'))
      return jsonAnswer(200, { ...answerExamples.currentUser!, permissions: permissions.join(', ') });
    if (pathname.endsWith('/Client/announcement-list'))
      return jsonAnswer(200, { data: [], cursor: null, readThrough: 0 });
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });
  startSession('token-of-alex', false);
  const nfl = [{ sportId: 33, sportName: 'NFL', timeZone: 'America/New_York' }];
  render(
    inFreshApp(
      <SportSelectionProvider initialSportId={33} playedSportIds={[33]} initialWeeks={undefined} sports={nfl}>
        {page === 'settings' ? <ProfileSettingsPage /> : <NotificationsPage />}
      </SportSelectionProvider>,
    ),
  );
}

describe("the profile pages without 'view own profile'", () => {
  it('say the role does not include the profile, and offer no Edit Profile', async () => {
    signedInWith([Permission.SetBets], 'settings');
    expect(await screen.findByText(/Your role does not include your own profile/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
  });

  it('offer Edit Profile with it', async () => {
    signedInWith([Permission.SetBets, Permission.ViewOwnProfile], 'settings');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('list notifications without the mail and push switches', async () => {
    signedInWith([Permission.SetBets], 'notifications');
    expect(await screen.findByText('You are all caught up.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Mails' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Push notifications' })).toBeNull();
  });

  it('show the mail and push switches with it', async () => {
    signedInWith([Permission.SetBets, Permission.ViewOwnProfile], 'notifications');
    expect(await screen.findByRole('heading', { name: 'Mails' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Push notifications' })).toBeTruthy();
  });
});
