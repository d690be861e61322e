// Which writes move which version stamp (docs/data-model.md, Version stamps of the live reads), told from the key
// written: the store's write path (state-table.ts, command-handler.ts) stamps by it after every write that
// succeeded, so a writer has no stamp to remember. One bump per stamp and call, whatever the number of items.
import { lastDayBonusOpening } from '#domain/betting/bonus-day.ts';
import { parseSlipStreamId } from '#domain/scoring/pick-cells.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { bumpStamp, restampWeekGames, type StampKey, type Turns } from './stamps.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

/**
 * The stamp a write moves, and for a week's game rows the week whose kickoffs and digest the stamp carries; the
 * moments its answers turn at that the write set.
 */
export type StampMove = { stamp: StampKey; gamesOf?: number; turns?: Turns };

/** A written item: its key, and its fields where the write put it whole. */
type Written = { PK: string; SK: string } & Record<string, unknown>;

const week = (weekId: string) => ({ stamp: keys.weekGamesStamp(Number(weekId)) });

/** The rule holds once now is past its opening: the answers turn a millisecond after. */
const firstMillisecondAfter = (instant: string) => new Date(Date.parse(instant) + 1).toISOString();

const instantOf = (value: unknown) =>
  typeof value === 'string' && Number.isFinite(Date.parse(value)) ? value : undefined;

/** The state table's stamped partitions, by their key's shape (keys.ts builds them). */
const statePartitions: [RegExp, (pk: string[], sk: string, item: Written) => StampMove | undefined][] = [
  // A week's game rows (keys.game): their kickoffs and digest go on the stamp with its token.
  [/^GAMES#(\d+)$/, ([weekId]) => ({ ...week(weekId!), gamesOf: Number(weekId) })],
  // An affiliate's lines (keys.spread) and manual lines (keys.manualLine) of a week.
  [/^SPREADS#\d+#(\d+)$/, ([weekId]) => week(weekId!)],
  [/^MANUALSPREADS#\d+#(\d+)$/, ([weekId]) => week(weekId!)],
  // A sport's team map (keys.teamMap): the pick lists name its teams.
  [
    /^TEAMMAPS$/,
    (_pk, sk) => {
      const [, sportId] = /^SPORT#(\d+)$/.exec(sk) ?? [];
      return sportId === undefined ? undefined : { stamp: keys.sportTeamsStamp(Number(sportId)) };
    },
  ],
  // A client sport (keys.clientSport) and the client's bonus start of a season (keys.bonusStart), whose id names
  // its sport (seasonIdOf: year * 100 + sportId); a bonus start puts its opening on the stamp as the season's turn.
  [
    /^CLIENT#(\d+)$/,
    ([clientId], sk, item) => {
      const [, kind, id] = /^(SPORT|BONUSSTART)#(\d+)$/.exec(sk) ?? [];
      if (!kind) return undefined;
      const sportId = kind === 'SPORT' ? Number(id) : Number(id) % 100;
      const start = kind === 'BONUSSTART' ? instantOf(item.bonusGamesStart) : undefined;
      return {
        stamp: keys.clientSportStamp(Number(clientId), sportId),
        ...(start && { turns: { [`turn${Number(id)}`]: firstMillisecondAfter(lastDayBonusOpening(start)) } }),
      };
    },
  ],
];

/** The stamp a state item's write moves; undefined for an item no live read shows. */
export function stampOfItem(item: Written): StampMove | undefined {
  for (const [pattern, move] of statePartitions) {
    const match = pattern.exec(item.PK);
    if (match) return move(match.slice(1), item.SK, item);
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

/**
 * Bumps each stamp the moves name, once; a week's game rows are stamped with their kickoffs and digest, and the
 * turns a write set go on its stamp.
 */
export async function bumpMoved(deps: Store, moves: readonly (StampMove | undefined)[]) {
  const byStamp = new Map<string, { stamp: StampKey; gamesOf?: number; plain: boolean; turns: Turns }>();
  for (const move of moves) {
    if (!move) continue;
    const id = `${move.stamp.PK}\n${move.stamp.SK}`;
    const held = byStamp.get(id) ?? { stamp: move.stamp, plain: false, turns: {} };
    if (move.gamesOf === undefined) held.plain = true;
    else held.gamesOf = move.gamesOf;
    Object.assign(held.turns, move.turns);
    byStamp.set(id, held);
  }
  await Promise.all(
    [...byStamp.values()].map(({ stamp, gamesOf, plain, turns }) =>
      gamesOf === undefined
        ? bumpStamp(deps, stamp, undefined, turns)
        : restampWeekGames(deps, gamesOf, { always: plain }),
    ),
  );
}

/** After a write to the state table succeeded: the stamps of the partitions it wrote move. */
export const stampWritten = (deps: Store, written: readonly Written[]) => bumpMoved(deps, written.map(stampOfItem));

/** After an append succeeded: the stamp of its stream moves. */
export const stampAppended = (deps: Store, streamId: string) => bumpMoved(deps, [stampOfStream(streamId)]);
