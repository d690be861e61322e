// The views' layout: every partition key starts with the layout it was built in, so a rebuild for a new
// layout writes beside the old one while the deployed code keeps reading (and projecting into) the old.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { getItem, type Key } from '../store/state-table.ts';

/**
 * Bump when the shape of a projection changes; the rebuild then builds the new layout from the events
 * (docs/views-rebuild.md). 2: one cell fact per slip, one stats string per season week.
 * 3: week totals without names, and in the rank index only while active.
 * 4: totals with their year to date in a second rank index (GSI2), season rows in a season index, week aggregates.
 * 5: week totals carry their player's names again (a leaderboard page reads nothing else).
 * 6: partition keys start with the layout (L6#…), so two layouts can live side by side.
 * 7: live-score facts per sport week (LIVESCORES#), and the live entries computed from them.
 * 8: a client week's live counts (LIVECOUNT#), so a live standing is read, not counted over the live index.
 * 9: one item per player and week: the total carries its picks as one JSON string and its live week points
 *    (GSI3, no live entries); the player's latest total carries the season (GSI4, no season rows), a pointer
 *    per player names it. A settlement writes one item per bettor.
 * 10: a client week's pick counts per started game (PICKSHARE#), for the pick distribution.
 * 11: the season index and the season pointers per season (SEASONRANK#c#s#season, SEASON#c#s#season): a new
 *     season starts every player's season afresh, and the past ones stay readable.
 */
export const viewsLayout = 11;

const layoutPrefix = `L${viewsLayout}#`;

/** A views partition key of this code's layout. */
export const viewsPartition = (name: string) => `${layoutPrefix}${name}`;

export const isOfThisLayout = (key: { PK: string }) => key.PK.startsWith(layoutPrefix);

/** Written last by a rebuild: this layout is complete and may serve. */
export const layoutKey = () => ({ PK: viewsPartition('VIEWS'), SK: 'LAYOUT' });

export const layoutItem = () => ({ ...layoutKey(), version: viewsLayout });

/** Whether this code's layout was built in full. */
export async function layoutBuilt(deps: Pick<Deps, 'db' | 'tables'>) {
  return (await getItem(deps, layoutKey(), 'views')) !== undefined;
}

/** Every key in the views table, of every layout. */
export async function viewsKeys(deps: Pick<Deps, 'db' | 'tables'>) {
  const keys: Key[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables.views, ProjectionExpression: 'PK, SK', ExclusiveStartKey }),
    );
    keys.push(...((page.Items ?? []) as Key[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return keys;
}
