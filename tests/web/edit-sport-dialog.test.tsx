// @vitest-environment happy-dom
// The Edit Sport dialog names the version of the sport it was opened on (docs/rules.md, Pick days): an edit another
// system administrator made since is not undone; the refusal says so and the dialog closes, to be opened again on the
// sport as it is now.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultDayFlags, type Sport } from '#domain/catalogue/types.ts';
import { EditSportDialog } from '@/features/sports/components/edit-sport-dialog';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const changed = 'Someone else changed this sport meanwhile: reload the sports and edit it again';

const nhl: Sport = {
  id: 37,
  name: 'NHL',
  active: true,
  providerKey: 'NHL',
  timeZone: 'America/New_York',
  ...defaultDayFlags,
  version: 4,
};

const server = () =>
  vi.fn(async (url: string, _init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.endsWith('/Sport/edit')) return jsonAnswer(409, { error: changed, code: 'SPORT_CHANGED' });
    return jsonAnswer(404, { error: `unexpected ${url}`, code: 'NOT_FOUND' });
  });

cleanUpAfterEach();

describe('the Edit Sport dialog', () => {
  it('names the version it was opened on; refused for an edit made since, it says so and closes', async () => {
    const fetch = server();
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(inFreshApp(<EditSportDialog sport={nhl} onClose={onClose} />));
    await user.click(within(screen.getByRole('group', { name: 'Wednesday' })).getByRole('button', { name: 'Bonus' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const edits = fetch.mock.calls.filter(([url]) => String(url).endsWith('/Sport/edit'));
    expect(edits.map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))))).toEqual([
      expect.objectContaining({ id: '37', version: '4', allowWednesdayPicks: 'false' }),
    ]);
    expect(await screen.findByText(changed)).toBeTruthy();
  });
});
