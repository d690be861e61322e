// The views follow the events: a late score correction reaches every later week's YTD, the pick shares on a game's
// rows are the client's slips, and rebuilding the views from the events gives what the projector wrote as it went.
import { beforeAll, describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import { gameDecider, type GameResultRecorded, gameStreamId } from '#domain/games/game-result.ts';
import { contracts } from '#domain/contracts/api.ts';
import { BetResult } from '#domain/betting/grading.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { slotNames } from '#domain/scoring/week-scores.ts';
import type { SlipPick } from '#domain/betting/slip.ts';
import { readSlip } from '../../functions/betting/slip-service.ts';
import { projectorFunction } from '../../functions/projector/handler.ts';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { handleCommand } from '../../functions/store/command-handler.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listUsers } from '../../functions/store/users.ts';
import { call } from './support/call.ts';
import { sunday, useScoringStack, week } from './support/scoring.ts';
import { viewsSnapshot } from './support/views-snapshot.ts';

const { given, leaderboard, importScores } = useScoringStack();
/** The projector as deployed, on this file's stack. */
const projector = projectorFunction(() => given.stack.deps);

// The correction and the rebuild start from the weeks played graded: Import Scores runs once before the tests.
beforeAll(async () => {
  const status = await importScores(await given.api.signIn('coach'));
  expect(status).toMatchObject({ type: 'ImportScores', status: 'succeeded', counts: { weeksClosed: 8 } });
});

/** Each game's pick share as the client's slips hold it, from the events rather than the views the rows read. */
async function sharesFromSlips(
  domain: string,
  games: readonly { gameId: number; homeTeamId: number; awayTeamId: number }[],
) {
  const deps = given.stack.deps;
  const client = (await findClientByDomain(deps, domain))!;
  const picks = new Map<string, number>();
  for (const user of await listUsers(deps, client.id)) {
    const { state } = await readSlip(deps, { clientId: client.id, userId: user.id, sportId: 33, weekId: week(5) });
    for (const pick of state.picks.values())
      picks.set(`${pick.gameId}#${pick.teamId}`, (picks.get(`${pick.gameId}#${pick.teamId}`) ?? 0) + 1);
  }
  const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : 0);
  return games.map((game) => {
    const home = picks.get(`${game.gameId}#${game.homeTeamId}`) ?? 0;
    const away = picks.get(`${game.gameId}#${game.awayTeamId}`) ?? 0;
    return { home: share(home, home + away), away: share(away, home + away), picks: home + away };
  });
}

describe('results and leaderboards', () => {
  it('a late score correction in week 3 corrects every later week’s YTD', async () => {
    const coach = await given.api.signIn('coach');
    const before = await leaderboard(coach, 8);
    const game = 3300301;
    const { commits } = await given.stack.deps.events.readStream<GameResultRecorded>(gameStreamId(game));
    const last = commits.at(-1)!.events.at(-1)!.data;
    const flipped = { status: 2 as const, homeScore: last.awayScore, awayScore: last.homeScore };
    await handleCommand(
      given.stack.deps,
      gameStreamId(game),
      { at: sunday, actor: 0, correlationId: 'correction' },
      gameDecider,
      { type: 'RecordResult', game: last, result: flipped },
      { now: new Date(sunday) },
    );
    await given.stack.settled();
    const week3 = await leaderboard(coach, 3);
    const after = await leaderboard(coach, 8);
    const changed = after.filter(
      (row) =>
        row.totalSeasonBalance !== before.find((candidate) => candidate.userId === row.userId)?.totalSeasonBalance,
    );
    expect(changed.length).toBeGreaterThan(0);
    for (const row of after) {
      const weekPointsThrough8 = (
        await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => (n === 3 ? week3 : leaderboard(coach, n))))
      ).reduce((sum, rows) => sum + (rows.find((candidate) => candidate.userId === row.userId)?.weekPoints ?? 0), 0);
      expect(row.totalSeasonBalance).toBe(weekPointsThrough8);
    }
  });

  it("a started game's rows carry how the client's players split on it (fractions and picks, bonus picks too); a game not started carries null; another client counts its own", async () => {
    const alex = await given.api.signIn('alex');
    const games = (await call(given.api, contracts.gameList, { sportId: '33', weekId: String(week(5)) }, alex)).body;
    expect(games.some((game) => (game.pickShare?.picks ?? 0) > 0)).toBe(true);
    expect(games.map((game) => game.pickShare)).toEqual(await sharesFromSlips('demo', games));
    // A player's own slip reads the same shares.
    const slip = (await call(given.api, contracts.betList, { sportId: '33', weekId: String(week(5)) }, alex)).body;
    expect(slip.data.map((row) => [row.gameId, row.pickShare])).toEqual(
      games.map((row) => [row.gameId, row.pickShare]),
    );

    // Sunday noon in week 9: the afternoon's games have not started, so nobody learns how the pool picked them.
    const now = (await call(given.api, contracts.gameList, { sportId: '33', weekId: String(week(9)) }, alex)).body;
    const ahead = now.filter((game) => Date.parse(game.beginning) > Date.parse(sunday));
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.every((game) => game.pickShare === null)).toBe(true);

    const rival = await given.api.signIn('rival-admin', undefined, 'rival');
    const rivalGames = await call(given.api, contracts.gameList, { sportId: '33', weekId: String(week(5)) }, rival);
    expect(rivalGames.status).toBe(200);
    expect(rivalGames.body.map((game) => game.pickShare)).toEqual(await sharesFromSlips('rival', rivalGames.body));
  });

  it('rebuilding the views from the events gives exactly the incremental result, also after duplicate deliveries', async () => {
    const incremental = await viewsSnapshot(given.stack.deps);
    const records = [];
    for await (const page of given.stack.deps.events.readAll()) {
      for (const commit of page) {
        records.push({
          dynamodb: {
            NewImage: marshall({
              PK: commit.streamId,
              SK: commit.version,
              events: commit.events,
              at: commit.at,
              actor: commit.actor,
              correlationId: commit.correlationId,
            }),
            SequenceNumber: String(records.length),
          },
        });
      }
    }
    expect(await projector({ Records: records.slice(0, 300) } as never)).toEqual({ batchItemFailures: [] });
    expect(await viewsSnapshot(given.stack.deps)).toEqual(incremental);
    const result = await rebuildViews(given.stack.deps);
    console.log(
      `rebuild: ${result.events} events from ${result.commits} commits in ${result.seconds.toFixed(2)} s (${result.eventsPerSecond} events/s)`,
    );
    expect(await viewsSnapshot(given.stack.deps)).toEqual(incremental);
  });

  it("a pick on a game canceled out of its week says 'no result' on the leaderboard, never graded", async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    // The first demo player with a regular pick in week 9.
    let player: { login: string; userId: number; pick: SlipPick } | undefined;
    for (const user of await listUsers(deps, demo.id)) {
      const { state } = await readSlip(deps, { clientId: demo.id, userId: user.id, sportId: 33, weekId: week(9) });
      const pick = [...state.picks.values()].find((candidate) => !candidate.isBonus);
      if (!pick) continue;
      player = { login: user.login, userId: user.id, pick };
      break;
    }
    const { login, userId, pick } = player!;
    const { commits } = await deps.events.readStream<GameResultRecorded>(gameStreamId(pick.gameId));
    const facts = commits.at(-1)!.events.at(-1)!.data;
    await handleCommand(
      deps,
      gameStreamId(pick.gameId),
      { at: sunday, actor: 0, correlationId: 'canceled' },
      gameDecider,
      { type: 'RecordResult', game: facts, result: { status: GameStatus.Canceled, homeScore: null, awayScore: null } },
      { now: new Date(sunday) },
    );
    await given.stack.settled();

    const row = (await leaderboard(await given.api.signIn(login), 9)).find((candidate) => candidate.userId === userId)!;
    const cells = slotNames.map((slot) => row[slot]);
    expect(cells.filter((cell) => cell.noResult)).toEqual([
      expect.objectContaining({ teamId: pick.teamId, BetResult: BetResult.Undetermined, Points: pick.points }),
    ]);
  });
});
