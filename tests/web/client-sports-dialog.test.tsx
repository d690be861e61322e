// @vitest-environment happy-dom
// Editing a client sport's pick days names the version of the sport it was opened on (docs/rules.md, Client sports):
// an edit another administrator made since is not undone; the refusal says so and the form goes back to the list,
// read again, to be opened on the sport as it is now.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlayedSport } from '#domain/catalogue/types.ts';
import { ClientSportsDialog } from '@/features/clients/components/client-sports-dialog';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const changed = "Someone else changed this sport of the client meanwhile: reload the client's sports and edit it again";

const nba = (version: number, allowFridayPicks: boolean): PlayedSport => ({
  id: 4,
  clientId: 3,
  sportId: 35,
  sportName: 'NBA',
  affiliateId: 3,
  affiliateName: 'Demo Sportsbook Hoops',
  allowMondayPicks: false,
  allowTuesdayPicks: false,
  allowWednesdayPicks: true,
  allowThursdayPicks: true,
  allowFridayPicks,
  allowSaturdayPicks: true,
  allowSundayPicks: true,
  firstBonusGameDay: 6,
  secondBonusGameDay: 7,
  timeZone: 'America/New_York',
  version,
});

/** The server: another administrator made Friday a bonus day after the dialog read the sports. */
const server = () => {
  let lists = 0;
  return vi.fn(async (url: string, _init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Client/sport-list')) return jsonAnswer(200, [nba(lists++ ? 3 : 2, lists === 1)]);
    if (pathname.endsWith('/Sport/affiliate-list'))
      return jsonAnswer(200, [{ id: 3, sportId: 35, name: 'Demo Sportsbook Hoops', url: 'https://example.com' }]);
    if (pathname.endsWith('/Client/edit-sport'))
      return jsonAnswer(409, { error: changed, code: 'CLIENT_SPORT_CHANGED' });
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });
};

cleanUpAfterEach();

describe('the Edit Sport form', () => {
  it('names the version it was opened on; refused for an edit made since, it says so and shows the sports again', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const client = { id: 3, name: 'Rival League', domain: 'rival', dateCreated: '2026-11-01T00:00:00Z' };
    render(
      inFreshApp(<ClientSportsDialog client={{ ...client, inviteOnly: false, reminderHours: 3 }} onClose={() => {}} />),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit NBA' }));
    await user.click(within(screen.getByRole('group', { name: 'Saturday' })).getByRole('button', { name: 'Bonus' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(changed)).toBeTruthy();
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/Client/edit-sport'));
    expect(edits.map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))))).toEqual([
      expect.objectContaining({ id: '4', version: '2', allowSaturdayPicks: 'false' }),
    ]);
    // Back on the list, read again: Friday is the other administrator's bonus day now.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit NBA' })).toBeTruthy());
    expect(await screen.findByText(/Bonus: Mon, Tue, Fri ·/)).toBeTruthy();
  });
});
