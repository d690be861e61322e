// A manual line as a specification: when the system administrator (or a client's line manager) sets a game's line at
// an affiliate, then the answer and the ManualLineSet on the game's stream; every refusal appends nothing. What the
// line does to the clients' pick lists, its reset and its history are on a stack (spreads-manual-lines.test.ts).
// A line set here stays in the file's catalogue, so each case that sets one takes a game of its own.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { gameStreamId } from '#domain/games/game-result.ts';
import { type Caller, expectError, expectNewEvents, expectNoNewEvents, expectResponse } from '../support/api-spec.ts';
import { gameOf, leagueSpec, thursday } from './support/spec-league.ts';

const { spec, league, demo } = leagueSpec();
const admin = () => league().sysadmin;
/** The book both clients play NFL at. */
const book = () => league().affiliate.id;

const setSpread = (gameId: number, spread: string, extra: Partial<RequestOf<typeof contracts.setSpread>> = {}) =>
  [contracts.setSpread, { affiliateId: book(), gameId, spread, ...extra }] as const;

/** The ManualLineSet a line set by `by` appends. */
const lineSet = (gameId: number, homeLine: number, by: Caller) => ({
  type: 'ManualLineSet',
  data: { gameId, affiliateId: book(), homeLine, actorId: by.user.id, actorClientId: by.client.id, at: thursday },
});

/** The spreads page's week: week 1 at the book. */
const weekAtBook = () => ({ affiliateId: book(), sportId: league().sport.id, weekId: league().week1.id });

/** The game's row of the spreads page as `as` reads it. */
async function spreadRow(gameId: number, as: Caller = admin()) {
  const { answer } = await spec
    .given()
    .when(thursday, as, contracts.spreadList, weekAtBook())
    .then(expectResponse(200));
  return answer.body.find((row) => row.gameId === gameId)!;
}

/** A refused game keeps the affiliate's line: no manual line item was written either. */
const expectAffiliateLine = async (gameId: number) =>
  expect(await spreadRow(gameId)).toMatchObject({ useAffiliateSpread: true, handicapId: null });

describe('a manual line', () => {
  it('set by the system administrator through the spec’s call is recorded on the game’s stream and answered as the line in force', async () => {
    await spec
      .given()
      .when(thursday, admin(), ...setSpread(103, '−6,5'))
      .then(
        expectResponse(200, {
          gameId: 103,
          pointSpread: -6.5,
          affiliateSpread: gameOf(103).homeLine,
          useAffiliateSpread: false,
          handicapId: expect.any(Number),
        }),
        expectNewEvents(gameStreamId(103), [lineSet(103, -6.5, admin())]),
      );
  });

  it.each([
    [104, '-3,5', -3.5],
    [105, '-3.5', -3.5],
    [106, '+3', 3],
    [107, '7,0', 7],
  ])('on game %s reads %j as %s, with a comma or a dot', async (gameId, typed, line) => {
    await spec
      .given()
      .when(thursday, admin(), ...setSpread(gameId, typed))
      .then(
        expectResponse(200, { pointSpread: line }),
        expectNewEvents(gameStreamId(gameId), [lineSet(gameId, line, admin())]),
      );
  });
});

describe('refusals append nothing', () => {
  it.each([['0,5'], ['-0.5'], ['0,3'], ['3,55'], ['three']])(
    'the spread %j is refused as INVALID_SPREAD',
    async (typed) => {
      const { answer } = await spec
        .given()
        .when(thursday, admin(), ...setSpread(102, typed))
        .then(expectError(400, 'INVALID_SPREAD'));
      expect(answer.body.error).toEqual(expect.any(String));
      await expectAffiliateLine(102);
    },
  );

  it('pages a week with more games than a page holds, in kickoff order, every game once', async () => {
    const page = async (limit: number, number: number) => {
      const { answer } = await spec
        .given()
        .when(thursday, admin(), contracts.spreadList, { ...weekAtBook(), limit, page: number })
        .then(expectResponse(200));
      return answer.body.map((row) => row.gameId);
    };
    const all = await page(100, 1);
    expect(all).toHaveLength(11);
    expect([...(await page(5, 1)), ...(await page(5, 2)), ...(await page(5, 3))]).toEqual(all);
    expect(await page(5, 4)).toEqual([]);
  });

  it('a started game’s line cannot change', async () => {
    await spec
      .given()
      .when(thursday, admin(), ...setSpread(101, '-4'))
      .then(expectError(409, 'GAME_STARTED'));
    await expectAffiliateLine(101);
  });

  it('needs an affiliate of the game’s sport and a known game', async () => {
    await spec
      .given()
      .when(thursday, admin(), contracts.setSpread, { gameId: 102, spread: '-4' } as RequestOf<
        typeof contracts.setSpread
      >)
      .then(expectResponse(400), expectNoNewEvents);
    await spec
      .given()
      .when(thursday, admin(), ...setSpread(102, '-4', { affiliateId: 999999 }))
      .then(expectError(400, 'FOREIGN_AFFILIATE'));
    await spec
      .given()
      .when(thursday, admin(), ...setSpread(999999, '-4'))
      .then(expectResponse(404), expectNoNewEvents);
    await spec
      .given()
      .when(thursday, admin(), contracts.useAffiliateSign, [{ handicapId: 999999, useAffiliateSpread: true }])
      .then(expectResponse(404), expectNoNewEvents);
    await expectAffiliateLine(102);
  });
});

describe('who may set a line', () => {
  it('needs load spreads and create and modify clients: a client’s manager of both sets it, a holder of load spreads alone only reads it, a company admin does neither', async () => {
    const manager = demo('line-manager');
    const { answer } = await spec
      .given()
      .when(thursday, manager, ...setSpread(108, '-5'))
      .then(expectResponse(200, { pointSpread: -5 }), expectNewEvents(gameStreamId(108), [lineSet(108, -5, manager)]));
    const reset = [{ handicapId: answer.body.handicapId!, useAffiliateSpread: true as const }];
    for (const login of ['line-reader', 'coach']) {
      await spec
        .given()
        .when(thursday, demo(login), ...setSpread(108, '-6'))
        .then(expectError(403, 'FORBIDDEN'));
      await spec
        .given()
        .when(thursday, demo(login), contracts.useAffiliateSign, reset)
        .then(expectError(403, 'FORBIDDEN'));
    }
    expect(await spreadRow(108, demo('line-reader'))).toMatchObject({ pointSpread: -5, useAffiliateSpread: false });
    await spec
      .given()
      .when(thursday, demo('coach'), contracts.spreadList, weekAtBook())
      .then(expectError(403, 'FORBIDDEN'));
  });

  it('the spreads page’s affiliates are read with load spreads alone, and a client’s sports by a client manager', async () => {
    const sportId = league().sport.id;
    await spec
      .given()
      .when(thursday, demo('line-reader'), contracts.affiliateList, { sportId })
      .then(expectResponse(200, [{ id: book() }]));
    // Create and modify clients without view sports: the sports and their affiliates a client may play.
    await spec.given().when(thursday, demo('line-manager'), contracts.sportList, {}).then(expectResponse(200));
    await spec
      .given()
      .when(thursday, demo('user-helper'), contracts.affiliateList, { sportId })
      .then(expectError(403, 'FORBIDDEN'));
  });
});
