// When bonus picks open (Bet/list's bonusOpensAt), so the Bonus Games tab can say it before the bonus days: the
// start of the week's first bonus day ahead in the sport's zone, or the last-day start plus its 10 minutes. The
// league's week 1 runs Wednesday 18 to Tuesday 24 November 2026 in New York; week 2, the season's last, to 1 December.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import { expectQueuedJobs, expectResponse, type Caller } from '../support/api-spec.ts';
import { leagueSpec } from './support/spec-league.ts';

const { spec, league, demo } = leagueSpec();

/** What Bet/list tells the player about the bonus at an instant, for the week holding it or the week named. */
async function bonusOpensAt(instant: string, weekId?: number, player: Caller = demo('quinn')) {
  const { answer } = await spec
    .given()
    .when(instant, player, contracts.betList, { sportId: league().sport.id, limit: 100, weekId })
    .then(expectResponse(200));
  const { week, isBonusDay, bonusOpensAt: opens } = answer.body as BetList;
  return { week: week.number, isBonusDay, bonusOpensAt: opens };
}

describe("Bet/list's bonusOpensAt", () => {
  it('on a Thursday is Monday 00:00 in New York; on the Monday itself null, as bonus picks are open', async () => {
    expect(await bonusOpensAt('2026-11-19T17:00:00Z')).toEqual({
      week: 1,
      isBonusDay: false,
      bonusOpensAt: '2026-11-23T05:00:00.000Z',
    });
    expect(await bonusOpensAt('2026-11-23T15:00:00Z')).toEqual({ week: 1, isBonusDay: true, bonusOpensAt: null });
  });

  it('names the next week’s own Monday even on a bonus day, and nothing for a week gone by', async () => {
    expect((await bonusOpensAt('2026-11-23T15:00:00Z', league().week2.id)).bonusOpensAt).toBe(
      '2026-11-30T05:00:00.000Z',
    );
    expect((await bonusOpensAt('2026-11-26T17:00:00Z', league().week1.id)).bonusOpensAt).toBeNull();
  });

  it('in the last week, with Tuesday no bonus day, is the last-day start plus 10 minutes', async () => {
    // The rival client's days and last-day start: the demo client's stay as the other cases read them.
    const { rival, sysadmin } = league();
    await spec
      .given()
      .when('2026-11-26T17:00:00Z', sysadmin, contracts.editClientSport, {
        id: rival.clientSport.id,
        allowWednesdayPicks: false,
        firstBonusGameDay: 6,
        secondBonusGameDay: 1,
      })
      .then(expectResponse(200));
    await spec
      .given()
      .when('2026-11-26T17:00:00Z', sysadmin, contracts.setBonusGamesStart, {
        clientId: rival.client.id,
        seasonId: league().week2.seasonId,
        begin: '2026-12-01T12:00:00-05:00',
      })
      // The start moves the last day's lock: Pick Reminders' schedule is set again.
      .then(expectResponse(200), expectQueuedJobs(['ArmSchedules']));
    // The start it has already moves nothing: no job setting every client's schedules again.
    await spec
      .given()
      .when('2026-11-26T17:05:00Z', sysadmin, contracts.setBonusGamesStart, {
        clientId: rival.client.id,
        seasonId: league().week2.seasonId,
        begin: '2026-12-01T17:00:00Z',
      })
      .then(expectResponse(200), expectQueuedJobs([]));
    // Tuesday 09:00 in New York of week 2: Monday's bonus day is over, the last-day start is ahead.
    expect(await bonusOpensAt('2026-12-01T14:00:00Z', undefined, rival.members['rory']!)).toEqual({
      week: 2,
      isBonusDay: false,
      bonusOpensAt: '2026-12-01T17:10:00.000Z',
    });
  });
});
