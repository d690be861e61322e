// A client week's pick counts per game (domain/scoring/pick-share.ts): one item per picked game, recounted from the
// week's totals whenever a result or live score of the game comes in, so the games list reads one item per game.
import { gamePickCounts, type PickCounts } from '#domain/scoring/pick-share.ts';
import type { WeekTotal } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { batchDelete, batchPut, queryAll } from '../store/state-table.ts';
import { viewsPartition } from './layout.ts';
import { pad, type WeekScope } from './scope.ts';

const pickSharesPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`PICKSHARE#${clientId}#${sportId}#${weekId}`);

const keyOf = (scope: WeekScope, gameId: number) => ({ PK: pickSharesPartition(scope), SK: pad(gameId) });

/** The games' pick counts, from every total of the client week; a game nobody picked has no item. */
function countsOf(scope: WeekScope, totals: readonly Pick<WeekTotal, 'slots'>[], gameIds: Iterable<number>) {
  const counted = [...gamePickCounts(totals, gameIds)];
  return {
    items: counted
      .filter(([, teams]) => Object.keys(teams).length > 0)
      .map(([gameId, teams]) => ({ ...keyOf(scope, gameId), gameId, teams })),
    empty: counted.filter(([, teams]) => Object.keys(teams).length === 0).map(([gameId]) => keyOf(scope, gameId)),
  };
}

export const pickShareItems = (
  scope: WeekScope,
  totals: readonly Pick<WeekTotal, 'slots'>[],
  gameIds: Iterable<number>,
) => countsOf(scope, totals, gameIds).items;

/** Recounts the games' picks: after a result or a live score of them. */
export async function writePickShares(
  deps: Deps,
  scope: WeekScope,
  totals: readonly Pick<WeekTotal, 'slots'>[],
  gameIds: Iterable<number>,
) {
  const { items, empty } = countsOf(scope, totals, gameIds);
  await Promise.all([batchPut(deps, items, 'views'), batchDelete(deps, empty, 'views')]);
}

/** The client week's counted games: one query, one item per picked game with a result or a live score. */
export async function weekPickCounts(deps: Pick<Deps, 'db' | 'tables'>, scope: WeekScope) {
  const items = await queryAll<{ gameId: number; teams: PickCounts }>(deps, pickSharesPartition(scope), {
    table: 'views',
  });
  return new Map(items.map((item) => [item.gameId, item.teams]));
}
