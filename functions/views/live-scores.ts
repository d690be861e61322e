// The live-score fact: a game's latest score under way, under its sport week, shared by every client and
// stamped with the game stream version that wrote it. Only the totals' live week points read it, never a graded figure;
// a later outcome of the game (its result, a newer version) supersedes it.
import type { GameOutcome } from '#domain/betting/grading.ts';
import type { GameScoreUpdated } from '#domain/games/game-result.ts';
import type { Deps } from '../adapters/deps.ts';
import { queryAll } from '../store/state-table.ts';
import { weekOutcomes } from './outcomes.ts';
import { viewsPartition } from './layout.ts';
import type { FactView } from './fact-view.ts';
import { pad, type WeekScope } from './scope.ts';

type SportWeek = Pick<WeekScope, 'sportId' | 'weekId'>;
type Store = Pick<Deps, 'db' | 'tables'>;

export type LiveScoreRow = GameOutcome & { gameId: number; version: number };

export const liveScoresPartition = ({ sportId, weekId }: SportWeek) =>
  viewsPartition(`LIVESCORES#${sportId}#${weekId}`);

export function liveScoreItem({ data }: GameScoreUpdated, version: number) {
  const { gameId, sportId, weekId, status, homeTeamId, homeScore, awayScore } = data;
  return {
    PK: liveScoresPartition({ sportId, weekId }),
    SK: pad(gameId),
    gameId,
    status,
    homeTeamId,
    homeScore,
    awayScore,
    version,
  };
}

/** The view: a game's live score replaces the one before it. */
export const liveScoresView: FactView<'game', ReturnType<typeof liveScoreItem>> = {
  handles: 'game',
  evolve: ({ scores }, version) => scores.map((event) => liveScoreItem(event, version)),
};

/** A sport week's live scores by game id. */
export async function weekLiveScores(deps: Store, week: SportWeek) {
  const rows = await queryAll<LiveScoreRow>(deps, liveScoresPartition(week), { table: 'views' });
  return new Map(rows.map((row) => [row.gameId, row]));
}

/**
 * Each game as it stands now: its live score, unless an outcome of a newer version (its result) superseded it. The
 * one place a game's status and score are read from for points: the totals' live week points and the leaderboard's
 * live cells read it; grading reads the outcomes alone.
 */
export function gamesNow(
  outcomes: ReadonlyMap<number, GameOutcome & { version?: number }>,
  liveScores: ReadonlyMap<number, LiveScoreRow>,
) {
  const games = new Map<number, GameOutcome>(outcomes);
  for (const [gameId, live] of liveScores) {
    const outcome = outcomes.get(gameId);
    if (!outcome || (outcome.version ?? 0) < live.version) games.set(gameId, live);
  }
  return games;
}

/** A sport week's games as they stand now, from the outcome and live-score facts (gamesNow). */
export async function weekGamesNow(deps: Store, week: SportWeek) {
  const [outcomes, liveScores] = await Promise.all([weekOutcomes(deps, week), weekLiveScores(deps, week)]);
  return gamesNow(outcomes, liveScores);
}
