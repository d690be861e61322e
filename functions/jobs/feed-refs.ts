// Our ids of a feed's teams, games and affiliates, kept per feed and sport: a re-import finds the item it
// made before and updates it, never a second one. A team the feed names anew still matches ours by its
// normalised full name, so a team loaded from one feed is the same team in another.
import type { Deps } from '../adapters/deps.ts';
import type { FeedName } from '../providers/port.ts';
import { type FeedRefKind, keys } from '../store/keys.ts';
import { batchPut, getItem, isConditionFailure, putIfFree, putItem, queryAll } from '../store/state-table.ts';

// Ids we give a feed's new items start above every id of the demo feed (whose ids are ours), so the two
// never meet in one table.
const firstId: Record<FeedRefKind, number> = { TEAM: 100_000, GAME: 100_000_000, AFFILIATE: 1_000 };

export interface FeedRefs {
  get(kind: FeedRefKind, ref: string): number | undefined;
  /** Our id of the item: the known one, the feed's own (demo), or a new one. */
  idOf(kind: FeedRefKind, ref: string, feedsOwnId?: number): Promise<number>;
  /** Points the ref at a new item of ours (a game moved out of its week continues as a new game). */
  renew(kind: FeedRefKind, ref: string): Promise<number>;
  /** The item the ref pointed at before it was last renewed, if it was. */
  replaced(kind: FeedRefKind, ref: string): number | undefined;
  /** Points the ref at an item of ours found another way (a team matched by name). */
  link(kind: FeedRefKind, ref: string, id: number): void;
  /** Writes the refs learnt since loading (a new id's is written when it is drawn). */
  save(): Promise<void>;
}

/** A ref's row: our id of the feed's item, and the one it replaced when the item continued as a new one. */
interface RefRow {
  kind: FeedRefKind;
  ref: string;
  id: number;
  replaces?: number;
}

export async function loadFeedRefs(deps: Deps, feed: FeedName, sportId: number): Promise<FeedRefs> {
  const rows = await queryAll<RefRow>(deps, keys.feedRefsPartition(feed, sportId));
  const known = new Map(rows.map((row) => [`${row.kind}#${row.ref}`, row.id]));
  const replaced = new Map(rows.map((row) => [`${row.kind}#${row.ref}`, row.replaces]));
  const learnt = new Map<string, RefRow>();
  const remember = ({ kind, ref, id, replaces }: RefRow) => {
    known.set(`${kind}#${ref}`, id);
    replaced.set(`${kind}#${ref}`, replaces);
    return id;
  };
  const learn = (row: RefRow) => (learnt.set(`${row.kind}#${row.ref}`, row), remember(row));
  /**
   * Points the ref at a new id of ours at once, unless another run (two imports of the sport at once) pointed it
   * first: then at that run's id, so both write one game, not two (a second would never be matched again).
   */
  const claim = async (kind: FeedRefKind, ref: string, replaces?: number) => {
    const key = keys.feedRef(feed, sportId, kind, ref);
    const row: RefRow = { kind, ref, id: firstId[kind] + (await deps.ids.next(`feed-${kind.toLowerCase()}`)) };
    if (replaces === undefined) return remember((await putIfFree<RefRow>(deps, { ...key, ...row }, isOf(row))) ?? row);
    const renewed = { ...row, replaces };
    const when = { when: 'id = :replaces', values: { ':replaces': replaces }, isOwn: isOf(row) };
    return putItem(deps, { ...key, ...renewed }, when).then(
      () => remember(renewed),
      async (error: unknown) => {
        const held = isConditionFailure(error) ? await getItem<RefRow>(deps, key) : undefined;
        if (!held) throw error;
        return remember(held);
      },
    );
  };
  return {
    get: (kind, ref) => known.get(`${kind}#${ref}`),
    async idOf(kind, ref, feedsOwnId) {
      const id = known.get(`${kind}#${ref}`);
      if (id !== undefined) return id;
      return feedsOwnId === undefined ? claim(kind, ref) : learn({ kind, ref, id: feedsOwnId });
    },
    renew: (kind, ref) => claim(kind, ref, known.get(`${kind}#${ref}`)),
    replaced: (kind, ref) => replaced.get(`${kind}#${ref}`),
    link: (kind, ref, id) => void learn({ kind, ref, id }),
    save: () =>
      batchPut(
        deps,
        [...learnt.values()].map((row) => ({ ...keys.feedRef(feed, sportId, row.kind, row.ref), ...row })),
      ),
  };
}

/** The ref row a run wrote itself (an earlier try whose answer a timeout lost). */
const isOf = (row: RefRow) => (held: { id?: unknown }) => held.id === row.id;

/** A team's full name as names are compared: case, accents, punctuation and spacing aside. */
export const normalisedName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
