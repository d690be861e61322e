// A manual line as a specification: when the system administrator (or a client's line manager) sets a game's line at
// an affiliate, then the answer and the ManualLineSet on the game's stream; every refusal appends nothing. What the
// line does to the clients' pick lists, its reset and its history are on a stack (spreads-manual-lines.test.ts).
// A line set here stays in the file's catalogue, so each case that sets one takes a game of its own.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { gameStreamId } from '#domain/games/game-result.ts';
import { type Caller, expectError, expectNewEvents, expectNoNewEvents, expectResponse } from '../support/api-spec.ts';
import { thursday } from './support/slip-givens.ts';
import { gameOf, leagueSpec } from './support/spec-league.ts';

const { spec, league, demo } = leagueSpec();
const admin = () => league().sysadmin;
/** The book both clients play NFL at (spec-league.ts). */
const book = 1;

const setSpread = (gameId: number, spread: string, extra: Partial<RequestOf<typeof contracts.setSpread>> = {}) =>
  [contracts.setSpread, { affiliateId: book, gameId, spread, ...extra }] as const;

/** The ManualLineSet a line set by `by` appends. */
const lineSet = (gameId: number, homeLine: number, by: Caller) => ({
  type: 'ManualLineSet',
  data: { gameId, affiliateId: book, homeLine, actorId: by.user.id, actorClientId: by.client.id, at: thursday },
});

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
    },
  );

  it('a started game’s line cannot change', async () => {
    await spec
      .given()
      .when(thursday, admin(), ...setSpread(101, '-4'))
      .then(expectError(409, 'GAME_STARTED'));
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
  });

  it('leaves the refused games on the affiliate’s line', async () => {
    const { answer } = await spec
      .given()
      .when(thursday, admin(), contracts.spreadList, {
        affiliateId: book,
        sportId: league().sport.id,
        weekId: league().week1.id,
      })
      .then(expectResponse(200));
    for (const gameId of [101, 102])
      expect(answer.body.find((row) => row.gameId === gameId)).toMatchObject({
        useAffiliateSpread: true,
        handicapId: null,
      });
  });
});

describe('who may set a line', () => {
  it('needs load spreads and create and modify clients: a holder of load spreads alone, or a company admin, is refused', async () => {
    for (const login of ['line-reader', 'coach'])
      await spec
        .given()
        .when(thursday, demo(login), ...setSpread(108, '-5'))
        .then(expectError(403, 'FORBIDDEN'));
    await spec
      .given()
      .when(thursday, demo('line-reader'), contracts.useAffiliateSign, [{ handicapId: 1, useAffiliateSpread: true }])
      .then(expectError(403, 'FORBIDDEN'));
  });

  it('a client’s manager of lines and clients sets it, for every client on the affiliate alike', async () => {
    await spec
      .given()
      .when(thursday, demo('line-manager'), ...setSpread(108, '-5'))
      .then(
        expectResponse(200, { pointSpread: -5 }),
        expectNewEvents(gameStreamId(108), [lineSet(108, -5, demo('line-manager'))]),
      );
  });
});
