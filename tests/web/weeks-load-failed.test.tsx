// @vitest-environment happy-dom
// A sport whose weeks cannot be loaded says so with a way to ask again (docs/rules.md, Notices), instead of 'Loading
// the weeks…' for ever after a five-second notice; asked again, the week's page appears. Weeks read again (the tab
// coming back) that belong to another season replace the ones shown.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { SportWeeksLoader } from '@/app/sport-weeks-loader';
import { SelectedWeekGate } from '@/lib/selected-week';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { cleanUpAfterEach } from './support/fake-server.tsx';

const week = {
  id: 20263401,
  sportId: 34,
  seasonId: 202634,
  number: 1,
  beginDate: '2026-11-18T05:00:00.000Z',
  endDate: '2026-11-25T04:59:59.999Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

cleanUpAfterEach();

/** The app with sport 34 selected, its weeks as the session started with them (none yet when undefined). */
const showWeeks = (initialWeeks: (typeof week)[] | undefined) =>
  render(
    <AppProvider>
      <SportSelectionProvider
        initialSportId={34}
        playedSportIds={[34]}
        initialWeeks={initialWeeks}
        sports={[{ sportId: 34, timeZone: 'America/New_York' }]}
      >
        <SportWeeksLoader />
        <SelectedWeekGate>{(_sportId, weeks) => <p>{`Week ${weeks.selectedWeekId}`}</p>}</SelectedWeekGate>
      </SportSelectionProvider>
    </AppProvider>,
  );

describe('the weeks of a sport switched to', () => {
  it('that fail to load show why and a Reload that asks again', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.includes('/Bet/week-list')) throw new Error(`no fake answer for ${url}`);
        return failing ? json(500, { error: 'The server failed', code: 'INTERNAL' }) : json(200, [week]);
      }),
    );
    showWeeks(undefined);
    expect(await screen.findByText('The weeks could not be loaded: The server failed')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Week 20263401')).toBeTruthy();
  });
});

describe('the weeks of the sport shown', () => {
  it('are taken again when a read finds another season current (Start New Season while the app stayed open)', async () => {
    const nextSeason = { ...week, id: 20273401, seasonId: 202734, beginDate: '2026-11-11T05:00:00.000Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.includes('/Bet/week-list')) throw new Error(`no fake answer for ${url}`);
        return json(200, [nextSeason]);
      }),
    );
    showWeeks([week]);
    expect(await screen.findByText('Week 20273401')).toBeTruthy();
  });
});
