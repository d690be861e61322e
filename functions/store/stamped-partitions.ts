// Which writes move which version stamp (docs/data-model.md, Version stamps of the live reads), told from the key
// written: the store's write path (state-table.ts, command-handler.ts) stamps by it after every write that
// succeeded, so a writer has no stamp to remember. One bump per stamp and call, whatever the number of items.
import { parseSlipStreamId } from '#domain/scoring/pick-cells.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { bumpStamp, restampWeekGames, type StampKey } from './stamps.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

/** The stamp a write moves, and for a week's game rows the week whose kickoffs and digest the stamp carries. */
export type StampMove = { stamp: StampKey; gamesOf?: number };

const week = (weekId: string) => ({ stamp: keys.weekGamesStamp(Number(weekId)) });

/** The state table's stamped partitions, by their key's shape (keys.ts builds them). */
const statePartitions: [RegExp, (pk: string[], sk: string) => StampMove | undefined][] = [
  // A week's game rows (keys.game): their kickoffs and digest go on the stamp with its token.
  [/^GAMES#(\d+)$/, ([weekId]) => ({ ...week(weekId!), gamesOf: Number(weekId) })],
  // An affiliate's lines (keys.spread) and manual lines (keys.manualLine) of a week.
  [/^SPREADS#\d+#(\d+)$/, ([weekId]) => week(weekId!)],
  [/^MANUALSPREADS#\d+#(\d+)$/, ([weekId]) => week(weekId!)],
  // A client sport (keys.clientSport) and the client's bonus start of a season (keys.bonusStart), whose id names
  // its sport (seasonIdOf: year * 100 + sportId).
  [
    /^CLIENT#(\d+)$/,
    ([clientId], sk) => {
      const [, kind, id] = /^(SPORT|BONUSSTART)#(\d+)$/.exec(sk) ?? [];
      if (!kind) return undefined;
      const sportId = kind === 'SPORT' ? Number(id) : Number(id) % 100;
      return { stamp: keys.clientSportStamp(Number(clientId), sportId) };
    },
  ],
];

/** The stamp a state item's write moves; undefined for an item no live read shows. */
export function stampOfItem(key: { PK: string; SK: string }): StampMove | undefined {
  for (const [pattern, move] of statePartitions) {
    const match = pattern.exec(key.PK);
    if (match) return move(match.slice(1), key.SK);
  }
  return undefined;
}

/**
 * The stamp an append to a stream moves: a slip's moves its client week (Bet/list reads the slip itself; the
 * projector stamps the week again once its views follow). Games' and weeks' commits reach the live reads through the
 * views, which the projector stamps.
 */
export function stampOfStream(streamId: string): StampMove | undefined {
  const slip = parseSlipStreamId(streamId);
  return slip && { stamp: keys.clientWeekStamp(slip.clientId, slip.weekId) };
}

/** Bumps each stamp the moves name, once; a week's game rows are stamped with their kickoffs and digest. */
export async function bumpMoved(deps: Store, moves: readonly (StampMove | undefined)[]) {
  const byStamp = new Map<string, { stamp: StampKey; gamesOf?: number; plain: boolean }>();
  for (const move of moves) {
    if (!move) continue;
    const id = `${move.stamp.PK}\n${move.stamp.SK}`;
    const held = byStamp.get(id) ?? { stamp: move.stamp, plain: false };
    if (move.gamesOf === undefined) held.plain = true;
    else held.gamesOf = move.gamesOf;
    byStamp.set(id, held);
  }
  await Promise.all(
    [...byStamp.values()].map(({ stamp, gamesOf, plain }) =>
      gamesOf === undefined ? bumpStamp(deps, stamp) : restampWeekGames(deps, gamesOf, { always: plain }),
    ),
  );
}

/** After a write to the state table succeeded: the stamps of the partitions it wrote move. */
export const stampWritten = (deps: Store, written: readonly { PK: string; SK: string }[]) =>
  bumpMoved(deps, written.map(stampOfItem));

/** After an append succeeded: the stamp of its stream moves. */
export const stampAppended = (deps: Store, streamId: string) => bumpMoved(deps, [stampOfStream(streamId)]);
