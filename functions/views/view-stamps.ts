// The version stamps the views' writes move (docs/data-model.md, Version stamps of the live reads), told from the
// views key written: a client week's partitions (its facts, totals, live counts and pick shares, and its week's
// aggregate) feed its client week stamp, so a year to date carried into later weeks stamps those weeks too. A writer
// of the views runs inside `stampingViews`, which records every views write that succeeded and then bumps each stamp
// they feed once, whatever the number of items; no views writer has a stamp to remember.
import { weekIdOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from '../store/keys.ts';
import { bumpMoved, type StampMove } from '../store/stamped-partitions.ts';
import type { Key } from '../store/state-table.ts';
import { recordingWrites } from '../store/written-keys.ts';
import { viewsPartition } from './layout.ts';

/**
 * What the writes stamp: `week` the client week of each item (the projector's recompute); `sport` its client sport
 * (a player's names, which every week of the sport shows: the rename).
 */
export type ViewStampLevel = 'week' | 'sport';

const clientWeekPartition = new RegExp(
  `^${viewsPartition('')}(?:CELLS|TOTALS|LIVECOUNT|PICKSHARE)#(\\d+)#(\\d+)#(\\d+)$`,
);
/** A client sport's season of week aggregates, one item per week number (views/week-aggregates.ts). */
const aggregatesPartition = new RegExp(`^${viewsPartition('')}WEEKAGG#(\\d+)#(\\d+)#(\\d+)$`);

/** The client week a views item belongs to; undefined for one shared by every client or kept per season. */
function clientWeekOf({ PK, SK }: Key) {
  const [, clientId, sportId, weekId] = clientWeekPartition.exec(PK) ?? [];
  if (clientId) return { clientId: Number(clientId), sportId: Number(sportId), weekId: Number(weekId) };
  const [, aggClient, aggSport, seasonId] = aggregatesPartition.exec(PK) ?? [];
  if (!aggClient) return undefined;
  return { clientId: Number(aggClient), sportId: Number(aggSport), weekId: weekIdOf(Number(seasonId), Number(SK)) };
}

/** The stamp a views item's write moves; undefined for what no live read shows by it (a sport week's facts). */
export function stampOfView(key: Key, level: ViewStampLevel): StampMove | undefined {
  const week = clientWeekOf(key);
  if (!week) return undefined;
  return {
    stamp:
      level === 'week'
        ? keys.clientWeekStamp(week.clientId, week.weekId)
        : keys.clientSportStamp(week.clientId, week.sportId),
  };
}

/**
 * Runs `write` on deps whose views writes are recorded, then bumps the stamps of what it wrote, once each: after
 * the writes they cover, also when `write` failed part way (what it wrote is stamped; the retry writes and stamps
 * again). A run that writes the same items again (a redelivery) stamps again.
 */
export async function stampingViews<T>(
  deps: Deps,
  level: ViewStampLevel,
  write: (deps: Deps) => Promise<T>,
): Promise<T> {
  const written: Key[] = [];
  const recorded = { ...deps, db: recordingWrites(deps.db, deps.tables.views, (keys) => written.push(...keys)) };
  try {
    return await write(recorded);
  } finally {
    await bumpMoved(
      deps,
      written.map((key) => stampOfView(key, level)),
    );
  }
}
