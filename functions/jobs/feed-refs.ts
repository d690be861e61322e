// Our ids of a feed's teams, games and affiliates, kept per feed and sport: a re-import finds the item it
// made before and updates it, never a second one. A team the feed names anew still matches ours by its
// normalised full name, so a team loaded from one feed is the same team in another.
import type { Deps } from '../adapters/deps.ts';
import type { FeedName } from '../providers/port.ts';
import { type FeedRefKind, keys } from '../store/keys.ts';
import { batchPut, queryAll } from '../store/state-table.ts';

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
  /** Writes the refs learnt since loading. */
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
  const remember = (kind: FeedRefKind, ref: string, id: number, replaces?: number) => {
    known.set(`${kind}#${ref}`, id);
    replaced.set(`${kind}#${ref}`, replaces);
    learnt.set(`${kind}#${ref}`, { kind, ref, id, ...(replaces === undefined ? {} : { replaces }) });
    return id;
  };
  const allocate = async (kind: FeedRefKind) => firstId[kind] + (await deps.ids.next(`feed-${kind.toLowerCase()}`));
  return {
    get: (kind, ref) => known.get(`${kind}#${ref}`),
    async idOf(kind, ref, feedsOwnId) {
      const id = known.get(`${kind}#${ref}`);
      if (id !== undefined) return id;
      return remember(kind, ref, feedsOwnId ?? (await allocate(kind)));
    },
    renew: async (kind, ref) => remember(kind, ref, await allocate(kind), known.get(`${kind}#${ref}`)),
    replaced: (kind, ref) => replaced.get(`${kind}#${ref}`),
    link: (kind, ref, id) => void remember(kind, ref, id),
    save: () =>
      batchPut(
        deps,
        [...learnt.values()].map((row) => ({ ...keys.feedRef(feed, sportId, row.kind, row.ref), ...row })),
      ),
  };
}

/** A team's full name as names are compared: case, accents, punctuation and spacing aside. */
export const normalisedName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
