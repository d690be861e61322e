// @vitest-environment happy-dom
// Missing Picks' Pick Reminders card lists the client's reminders ahead in every sport it plays (docs/rules.md,
// Pick reminders): each in its own sport's zone, and one outside the page's zone (its note) names its zone.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RemindersCard } from '@/features/missing-picks/components/reminders-card';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const reminder = (sportId: number, sportName: string, remindAt: string, lockAt: string) => ({
  sportId,
  sportName,
  weekNumber: 9,
  lock: 'week',
  remindAt,
  lockAt,
});

cleanUpAfterEach();

describe('the Pick Reminders card', () => {
  it("tells each sport's reminders in its zone, naming a zone other than the page's", async () => {
    vi.stubGlobal('fetch', async () =>
      jsonAnswer(200, {
        hoursBefore: 24,
        upcoming: [
          // Wednesday 20:15 in New York, 19:15 in Chicago.
          reminder(33, 'NFL', '2026-11-19T01:15:00.000Z', '2026-11-20T01:15:00.000Z'),
          reminder(34, 'NBA', '2026-11-19T01:15:00.000Z', '2026-11-20T01:15:00.000Z'),
        ],
      }),
    );
    const sports = [
      { sportId: 33, timeZone: 'America/New_York' },
      { sportId: 34, timeZone: 'America/Chicago' },
    ];
    render(
      inFreshApp(
        <SportSelectionProvider initialSportId={33} playedSportIds={[33, 34]} initialWeeks={undefined} sports={sports}>
          <RemindersCard maySet={false} />
        </SportSelectionProvider>,
      ),
    );
    expect(
      await screen.findByText("NFL Week 9: Wed 18 Nov, 20:15, before the week's first game (Thu 19 Nov, 20:15)"),
    ).toBeTruthy();
    expect(
      screen.getByText("NBA Week 9: Wed 18 Nov, 19:15 CT, before the week's first game (Thu 19 Nov, 19:15 CT)"),
    ).toBeTruthy();
  });
});
