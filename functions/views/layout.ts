// The layout marker: which layout the views were built in.
import type { Deps } from '../adapters/deps.ts';
import { getItem } from '../store/state-table.ts';

/**
 * Bump when the shape of a projection changes. Views of another layout are rebuilt from the events
 * (the local stack does it on start; in AWS, run the rebuild after deploying such a change).
 * 2: one cell fact per slip, one stats string per season week.
 * 3: week totals without names, and in the rank index only while active.
 * 4: totals with their year to date in a second rank index (GSI2), season rows in a season index, week aggregates.
 */
export const viewsLayout = 4;

export const layoutKey = () => ({ PK: 'VIEWS', SK: 'LAYOUT' });

export const layoutItem = () => ({ ...layoutKey(), version: viewsLayout });

/** The layout the views were built in; undefined before any build. */
export async function storedLayout(deps: Deps) {
  return (await getItem<{ version: number }>(deps, layoutKey(), 'views'))?.version;
}
