// When bonus picks open (Bet/list's bonusOpensAt), so the Bonus Games tab can say it before the bonus days: the
// start of the week's first bonus day ahead in the sport's zone, or the last-day start plus its 10 minutes.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { createBetsApi } from '../../functions/http/bets-api.ts';
import { call } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { admin, demoId, nfl, useSpreadsStack } from './support/spreads.ts';

const given = useSpreadsStack();

/** What Bet/list tells quinn about the bonus at an instant, for the week holding it or the week named. */
async function bonusOpensAt(instant: string, weekId?: number) {
  const clock = fixedClock(instant);
  const api = createBetsApi(() => ({ ...given.stack.deps, clock }));
  const quinn = await given.api.signIn('quinn');
  const userId = (await call(given.api, contracts.currentUser, {}, quinn)).body.id;
  const token = (await issueToken({ clock, signingKeys: given.stack.deps.signingKeys }, { userId, clientId: demoId }))
    .access_token;
  const list = await callHandler(api, contracts.betList, { sportId: nfl, limit: 100, weekId }, token);
  expect(list.status).toBe(200);
  const { week, isBonusDay, bonusOpensAt: opens } = list.body as BetList;
  return { week: week.number, isBonusDay, bonusOpensAt: opens };
}

describe("Bet/list's bonusOpensAt", () => {
  it('on a Thursday is Monday 00:00 in New York; on the Monday itself null, as bonus picks are open', async () => {
    expect(await bonusOpensAt('2026-11-19T17:00:00Z')).toEqual({
      week: 9,
      isBonusDay: false,
      bonusOpensAt: '2026-11-23T05:00:00.000Z',
    });
    expect(await bonusOpensAt('2026-11-23T15:00:00Z')).toEqual({ week: 9, isBonusDay: true, bonusOpensAt: null });
  });

  it('names the next week’s own Monday even on a bonus day, and nothing for a week gone by', async () => {
    expect((await bonusOpensAt('2026-11-23T15:00:00Z', 20263310)).bonusOpensAt).toBe('2026-11-30T05:00:00.000Z');
    expect((await bonusOpensAt('2026-11-19T17:00:00Z', 20263308)).bonusOpensAt).toBeNull();
  });

  it('in the last week, with Tuesday no bonus day, is the last-day start plus 10 minutes', async () => {
    const clientSport = (await call(given.api, contracts.clientSportList, { clientId: demoId }, admin)).body.find(
      (sport) => sport.sportId === nfl,
    )!;
    const edited = await call(
      given.api,
      contracts.editClientSport,
      { id: clientSport.id, allowWednesdayPicks: false, firstBonusGameDay: 6, secondBonusGameDay: 1 },
      admin,
    );
    expect(edited.status).toBe(200);
    const set = await call(
      given.api,
      contracts.setBonusGamesStart,
      { clientId: demoId, seasonId: 202633, begin: '2027-01-26T12:00:00-05:00' },
      admin,
    );
    expect(set.status).toBe(200);
    // Tuesday 09:00 in New York of week 18: Monday's bonus day is over, the last-day start is ahead.
    expect(await bonusOpensAt('2027-01-26T14:00:00Z')).toEqual({
      week: 18,
      isBonusDay: false,
      bonusOpensAt: '2027-01-26T17:10:00.000Z',
    });
  });
});
