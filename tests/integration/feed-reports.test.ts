// A feed's report of a game is taken only when it is sound (functions/jobs/sync-games.ts): a known game listed with
// its teams the other way round gets its score the right way round; a report whose two sides are one team, a game
// listed twice in one answer, a known game named with other teams, or a final result without its score is refused
// with its reason and changes nothing (a wrong-way score would grade every bet on the game backwards, a final without
// a score would close the week with its bets never graded).
import { beforeAll, describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { Game, Sport, Team } from '#domain/catalogue/types.ts';
import { currentSeason } from '../../functions/jobs/current-season.ts';
import { loadFeedRefs } from '../../functions/jobs/feed-refs.ts';
import { syncGames } from '../../functions/jobs/sync-games.ts';
import type { FeedGame } from '../../functions/providers/port.ts';
import { listWeekGames } from '../../functions/views/week-games.ts';
import { feedTeamRef, gamesAhead, nfl } from './support/demo-sunday.ts';
import { useTestStack } from './support/test-stack.ts';

// The demo's Sunday at 2 pm in New York: the week's evening games are still ahead.
const now = '2026-11-22T19:00:00.000Z';
const given = useTestStack({ now });

let sport: Sport;
let teams: Team[];
let ahead: Game[];

beforeAll(async () => {
  ({ sport, teams, ahead } = await gamesAhead(given.stack.deps, now, 4));
});

const ref = (teamId: number) => feedTeamRef(teams, teamId);

/** The demo feed's report of our game: its teams as we have them unless told, its status and score as given. */
const report = (game: Game, more: Partial<FeedGame> = {}): FeedGame => ({
  ref: String(game.id),
  id: game.id,
  seasonYear: 2026,
  beginning: game.beginning,
  home: ref(game.homeTeamId),
  away: ref(game.awayTeamId),
  status: GameStatus.Upcoming,
  homeScore: null,
  awayScore: null,
  ...more,
});

async function sync(feedGames: FeedGame[]) {
  const { deps } = given.stack;
  const { weeks } = await currentSeason(deps, sport);
  const refs = await loadFeedRefs(deps, 'demo', nfl);
  const synced = await syncGames(deps, { sport, refs, teams, weeks, actorId: 0 }, feedGames);
  // The games' events reach the rows' outcomes through the projector.
  await given.stack.settled();
  return synced;
}

const stored = async (game: Game) =>
  (await listWeekGames(given.stack.deps, game.weekId)).find((g) => g.id === game.id)!;

describe("a feed's report of a game", () => {
  it('listing a known game the other way round gives each team its own score', async () => {
    const [game] = ahead;
    const { refused } = await sync([
      report(game!, {
        home: ref(game!.awayTeamId),
        away: ref(game!.homeTeamId),
        status: GameStatus.Live,
        homeScore: 3,
        awayScore: 14,
      }),
    ]);
    expect(refused).toEqual([]);
    expect(await stored(game!)).toMatchObject({ eventStatus: GameStatus.Live, homeTeamScore: 14, awayTeamScore: 3 });
  });

  it('listing a known game the other way round in another week continues it there with its own sides and scores', async () => {
    const game = ahead[5] ?? ahead[1]!;
    const nextWeek = new Date(Date.parse(game.beginning) + 7 * 24 * 60 * 60 * 1000).toISOString();
    const { games } = await sync([
      report(game, {
        beginning: nextWeek,
        home: ref(game.awayTeamId),
        away: ref(game.homeTeamId),
        status: GameStatus.Live,
        homeScore: 3,
        awayScore: 14,
      }),
    ]);
    const continued = [...games.values()].find(
      (each) =>
        each.beginning === nextWeek &&
        [each.homeTeamId, each.awayTeamId].sort().join() === [game.homeTeamId, game.awayTeamId].sort().join(),
    )!;
    expect(continued).toMatchObject({ homeTeamId: game.homeTeamId, awayTeamId: game.awayTeamId });
    expect(await stored(continued)).toMatchObject({ homeTeamScore: 14, awayTeamScore: 3 });
  });

  it('is refused, changing nothing, when its sides are one team, it names other teams, or it is final without a score', async () => {
    const [, sameSides, otherTeams, noScore] = ahead;
    const before = await Promise.all([sameSides!, otherTeams!, noScore!].map(stored));
    const stranger = teams.find((team) => ![otherTeams!.homeTeamId, otherTeams!.awayTeamId].includes(team.id))!;
    const { refused } = await sync([
      report(sameSides!, { away: ref(sameSides!.homeTeamId), status: GameStatus.Live, homeScore: 7, awayScore: 0 }),
      report(otherTeams!, { away: ref(stranger.id), status: GameStatus.Finished, homeScore: 21, awayScore: 0 }),
      report(noScore!, { status: GameStatus.Finished }),
    ]);
    expect(refused.map((row) => row.reason)).toEqual([
      'Both sides are the same team',
      'The feed names other teams than the game has: not changed',
      'A final result without its score: not recorded',
    ]);
    expect(await Promise.all([sameSides!, otherTeams!, noScore!].map(stored))).toEqual(before);
  });

  it('listed twice in one answer is taken once, the first time; a first listing refused leaves the second its own', async () => {
    const game = ahead[4] ?? ahead[0]!;
    const { refused } = await sync([
      report(game, { status: GameStatus.Live, homeScore: 7, awayScore: 0 }),
      report(game, { status: GameStatus.Live, homeScore: 0, awayScore: 7 }),
    ]);
    expect(refused.map((row) => row.reason)).toEqual(['Listed twice in one answer: the first is taken']);
    expect(await stored(game)).toMatchObject({ homeTeamScore: 7, awayTeamScore: 0 });
    const again = await sync([
      report(game, { status: GameStatus.Finished }),
      report(game, { status: GameStatus.Live, homeScore: 10, awayScore: 0 }),
    ]);
    expect(again.refused.map((row) => row.reason)).toEqual(['A final result without its score: not recorded']);
    expect(await stored(game)).toMatchObject({ homeTeamScore: 10, awayTeamScore: 0 });
  });

  it('a game postponed in its week and next reported final on a date in another week is graded there, not in its week', async () => {
    const game = ahead[6] ?? ahead[2]!;
    await sync([report(game, { status: GameStatus.Postponed })]);
    expect(await stored(game)).toMatchObject({ eventStatus: GameStatus.Postponed });
    const nextWeek = new Date(Date.parse(game.beginning) + 7 * 24 * 60 * 60 * 1000).toISOString();
    const { games, refused } = await sync([
      report(game, { beginning: nextWeek, status: GameStatus.Finished, homeScore: 27, awayScore: 20 }),
    ]);
    expect(refused).toEqual([]);
    // Its bets stay void in its week; the result belongs to the game it continues as.
    expect(await stored(game)).toMatchObject({ eventStatus: GameStatus.Postponed, homeTeamScore: null });
    const continued = [...games.values()].find(
      (each) => each.id !== game.id && each.beginning === nextWeek && each.homeTeamId === game.homeTeamId,
    )!;
    expect(continued.weekId).not.toBe(game.weekId);
    expect(await stored(continued)).toMatchObject({
      eventStatus: GameStatus.Finished,
      homeTeamScore: 27,
      awayTeamScore: 20,
    });
  });
});
