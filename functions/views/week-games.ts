// A week's games as they stand now: the catalogue's game rows (store/catalogue.ts) with each game's status and score
// from the outcome and live-score facts (weekGamesNow).
import { withOutcome } from '#domain/betting/grading.ts';
import type { Game, GameRow } from '#domain/catalogue/types.ts';
import { groupedBy } from '#domain/grouped-by.ts';
import type { Deps } from '../adapters/deps.ts';
import { listWeekGameRows } from '../store/catalogue.ts';
import { weekGamesNow } from './live-scores.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

/**
 * Game rows with each game's status and score as the outcome facts hold them (weekGamesNow), the one place grading,
 * the leaderboard and every read of a game take them from: one read of the facts per sport week the rows are in.
 */
export async function withOutcomes(deps: Store, rows: readonly GameRow[]): Promise<Game[]> {
  const weeks = groupedBy(rows, (row) => `${row.sportId}#${row.weekId}`);
  const standing = await Promise.all(weeks.map(([, [row]]) => weekGamesNow(deps, row!)));
  const now = new Map(standing.flatMap((games) => [...games]));
  return rows.map((row) => withOutcome(row, now.get(row.id)));
}

/** A week's games, with their status and score (withOutcomes). */
export const listWeekGames = async (deps: Store, weekId: number) =>
  withOutcomes(deps, await listWeekGameRows(deps, weekId));
