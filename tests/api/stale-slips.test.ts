// A whole-list change made from an older read of the slip (Bet/list's slipVersion) is refused, 409 SLIP_CHANGED, so a
// pick placed meanwhile (on another device, or by an administrator for the player) is never cancelled or replaced
// unseen (docs/rules.md, Saving bets); one the slip already holds is done. The league: tests/api/support/spec-league.ts.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import {
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
} from '../support/api-spec.ts';
import { fivePicks, placed, setBets } from './support/slip-givens.ts';
import { gameOf, leagueSpec, monday, nfl, thursday } from './support/spec-league.ts';

const { spec, demo, slipOf } = leagueSpec();

describe('a change made from an older read of the slip', () => {
  it('is refused when a pick was placed for the bettor since, so their next pick never cancels it', async () => {
    const [alex, coach, forAlex, own] = [demo('alex'), demo('coach'), fivePicks[1]!, fivePicks[0]!];
    const before = existingStream(slipOf(alex), [placed(alex, forAlex, { by: coach })], { actor: coach.user.id });
    // Alex's page showed the slip before the coach's pick (version 0): its whole list holds no pick on 104.
    await spec
      .given(before)
      .when(thursday, alex, ...setBets({ bets: [own], slipVersion: 0 }))
      .then(expectError(409, 'SLIP_CHANGED'));
    // Read again, the list has the coach's pick and the slip's version; saved from it, both picks stand.
    const { answer } = await spec
      .given(before)
      .when(thursday, alex, contracts.betList, { sportId: nfl })
      .then(expectResponse(200));
    expect(answer.body.slipVersion).toBe(1);
    const saved = await spec
      .given(before)
      .when(thursday, alex, ...setBets({ bets: [forAlex, own], slipVersion: 1 }))
      .then(expectResponse(200), expectNewEvents(slipOf(alex), [placed(alex, own)]));
    expect(saved.answer.body.slipVersion).toBe(2);
  });

  it('is done, not refused, when the slip already holds it: the same save asked again after its answer was lost', async () => {
    const [alex, own] = [demo('alex'), fivePicks[0]!];
    // The first save went through (version 1) but its answer never reached the page, which asks again from version 0.
    const saved = await spec
      .given(existingStream(slipOf(alex), [placed(alex, own)], { actor: alex.user.id }))
      .when(thursday, alex, ...setBets({ bets: [own], slipVersion: 0 }))
      .then(expectResponse(200), expectNoNewEvents);
    expect(saved.answer.body.slipVersion).toBe(1);
  });

  it('is refused for the bonus pick too: a bonus an administrator placed is not replaced unseen', async () => {
    const [quinn, coach] = [demo('quinn'), demo('coach')];
    const theirs = { gameId: 109, teamId: gameOf(109).homeTeamId, points: 10 };
    const before = existingStream(slipOf(quinn), [placed(quinn, theirs, { by: coach, isBonus: true })], {
      actor: coach.user.id,
    });
    const mine = { gameId: 110, teamId: gameOf(110).awayTeamId, points: 10 };
    await spec
      .given(before)
      .when(monday, quinn, contracts.setBonusBets, { bets: [mine], slipVersion: 0 })
      .then(expectError(409, 'SLIP_CHANGED'));
    await spec
      .given(before)
      .when(monday, quinn, contracts.setBonusBets, { bets: [mine], slipVersion: 1 })
      .then(expectResponse(200));
  });
});
