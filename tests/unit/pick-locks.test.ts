import { describe, expect, it } from 'vitest';
import { dueLocks, lockText, nextReminder, remindsBefore, weekLocks } from '#domain/processes/pick-locks.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { type ClientSport, defaultDayFlags, type Game } from '#domain/catalogue/types.ts';
import { clientWeekLocks } from '../../functions/jobs/pick-reminders.ts';

const zone = 'America/New_York';
// The week opens Wednesday 25 November at midnight in New York.
const opens = '2026-11-25T05:00:00Z';
// Week 9: Thursday night, Sunday 1 pm and 4 pm, Monday night (a bonus day).
const games = [
  { beginning: '2026-11-27T01:15:00Z', regular: true },
  { beginning: '2026-11-29T21:25:00Z', regular: true },
  { beginning: '2026-11-29T18:00:00Z', regular: true },
  { beginning: '2026-12-01T01:15:00Z', regular: false },
];

describe('pick locks', () => {
  it("are the week's first regular kickoff and the first kickoff of its last regular day; bonus games lock nothing", () => {
    expect(weekLocks(games, zone)).toEqual([
      { kind: 'week', at: '2026-11-27T01:15:00Z' },
      { kind: 'lastDay', at: '2026-11-29T18:00:00Z' },
    ]);
    expect(weekLocks(games.slice(1, 3), zone)).toEqual([{ kind: 'week', at: '2026-11-29T18:00:00Z' }]);
    expect(weekLocks([games[3]!], zone)).toEqual([]);
  });

  it('a reminder is due from its hours before the kickoff until the kickoff, and the next one is told', () => {
    const locks = weekLocks(games, zone);
    expect(dueLocks(locks, new Date('2026-11-26T22:14:59Z'), 3, opens)).toEqual([]);
    expect(dueLocks(locks, new Date('2026-11-26T22:15:00Z'), 3, opens).map((lock) => lock.kind)).toEqual(['week']);
    expect(dueLocks(locks, new Date('2026-11-27T01:15:00Z'), 3, opens)).toEqual([]);
    expect(nextReminder(locks, new Date('2026-11-26T12:00:00Z'), 3, opens)).toEqual(new Date('2026-11-26T22:15:00Z'));
    // A reminder due and not sent yet (a run was missed) is due now; once sent, the next lock's is next.
    expect(nextReminder(locks, new Date('2026-11-27T00:00:00Z'), 3, opens)).toEqual(new Date('2026-11-27T00:00:00Z'));
    expect(nextReminder(locks.slice(1), new Date('2026-11-27T00:00:00Z'), 3, opens)).toEqual(
      new Date('2026-11-29T15:00:00Z'),
    );
    expect(nextReminder(locks.slice(1), new Date('2026-11-29T16:00:00Z'), 3, opens)).toEqual(
      new Date('2026-11-29T16:00:00Z'),
    );
    expect(nextReminder(locks, new Date('2026-11-29T18:00:00Z'), 3, opens)).toBeUndefined();
  });

  it('never comes before the week opens for picks, however many hours ahead', () => {
    const locks = weekLocks(games, zone);
    expect(dueLocks(locks, new Date('2026-11-25T04:59:59Z'), 168, opens)).toEqual([]);
    expect(dueLocks(locks, new Date('2026-11-25T05:00:00Z'), 168, opens).map((lock) => lock.kind)).toEqual([
      'week',
      'lastDay',
    ]);
    expect(nextReminder(locks, new Date('2026-11-20T00:00:00Z'), 168, opens)).toEqual(new Date(opens));
  });

  it('a player who chose the week is reminded before its first lock only; before each pick day, before both', () => {
    expect([remindsBefore('week', 'week'), remindsBefore('week', 'lastDay')]).toEqual([true, false]);
    expect([remindsBefore('days', 'week'), remindsBefore('days', 'lastDay')]).toEqual([true, true]);
  });
});

describe("the season's last week with a last-day bonus start", () => {
  // The last day is Sunday 3 January 2027; the start 09:00, so its games turn bonus games at 09:10 New York time.
  const game = (beginning: string) => ({ beginning, eventStatus: GameStatus.Upcoming }) as Game;
  const lastWeek = [game('2027-01-03T01:15:00Z'), game('2027-01-03T18:00:00Z'), game('2027-01-03T21:25:00Z')];
  const nfl = { ...defaultDayFlags, sportId: 33 } as ClientSport;
  const opening = '2027-01-03T14:10:00.000Z';

  it('locks the last day when its games turn bonus games, not at their kickoff, and says so', () => {
    const locks = clientWeekLocks(lastWeek, nfl, zone, opening);
    expect(locks).toEqual([
      { kind: 'week', at: '2027-01-03T01:15:00Z' },
      { kind: 'lastDay', at: opening, bonusOpening: true },
    ]);
    expect(lockText(locks[1]!, zone)).toBe("Sun 3 Jan, 09:10 ET, when the last day's games turn bonus games");
    // Without a start, the last day's first kickoff.
    expect(clientWeekLocks(lastWeek, nfl, zone)[1]).toEqual({ kind: 'lastDay', at: '2027-01-03T18:00:00Z' });
  });
});
