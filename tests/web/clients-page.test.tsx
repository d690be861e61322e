// @vitest-environment happy-dom
// The Clients page offers on each row only what the signed-in administrator may do: Show Users (the client's users
// overview) needs 'view users' as on the server, so a client manager without it is not offered a button that can
// only answer 403; nobody deletes the system client or their own (409), nor changes the system client's domain.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { answerExamples } from '#domain/contracts/examples.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';
import { harbor } from './support/harbor-client.ts';

cleanUpAfterEach();

function signedInWith(permissions: Permission[], clients = [harbor]) {
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Services/user'))
      return jsonAnswer(200, { ...answerExamples.currentUser!, permissions: permissions.join(', ') });
    if (pathname.endsWith('/Client/list')) return jsonAnswer(200, { total: clients.length, data: clients });
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });
  const nfl = [{ sportId: 33, sportName: 'NFL', timeZone: 'America/New_York' }];
  render(
    inFreshApp(
      <SportSelectionProvider initialSportId={33} playedSportIds={[33]} initialWeeks={undefined} sports={nfl}>
        <ClientsPage />
      </SportSelectionProvider>,
    ),
  );
}

const manager = [Permission.ViewOwnProfile, Permission.ViewClients, Permission.EditClients];

describe('the Clients page', () => {
  it("offers Show Users only to who may view users; each row's other actions to both", async () => {
    signedInWith(manager);
    await screen.findByRole('button', { name: 'Edit Sports client Harbor League' });
    expect(screen.queryByRole('button', { name: 'Show Users client Harbor League' })).toBeNull();
  });

  it('offers Show Users to a manager who may view users', async () => {
    signedInWith([...manager, Permission.ViewUsers]);
    expect(await screen.findByRole('button', { name: 'Show Users client Harbor League' })).toBeTruthy();
  });

  it('offers Delete on no row of the system client or of the caller’s own client', async () => {
    const system = { ...harbor, id: 1, name: 'System', domain: systemDomain };
    // The signed-in user's own client (the example user's, Demo).
    const own = { ...harbor, id: 2, name: 'Demo', domain: 'demo' };
    signedInWith([...manager, Permission.DeleteClients], [system, own, harbor]);
    expect(await screen.findByRole('button', { name: 'Delete client Harbor League' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete client System' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete client Demo' })).toBeNull();
  });
});
