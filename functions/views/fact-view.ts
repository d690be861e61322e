// What a fact view is (slip cells, outcomes, live scores, penalties, week clients): defined once, after Emmett's
// single-stream projection, as the kind of stream it handles (told by classifyCommit) and an `evolve` from the items
// before a commit to the items after it; before a stream's first commit there is none (the initial state). Two
// drivers run the definitions: the rebuild's pure fold (projector/fold-views.ts) and the live projector
// (projector/apply-commits.ts). Both keep an item only over an older version, so a commit delivered again changes
// nothing; how each reads the item before and writes the one after is the driver's.
import type { Key } from '../store/state-table.ts';
import type { ClassifiedCommit } from './classify-commit.ts';

/** A fact view's item: stamped with the stream version that wrote it (a week client is the same at any version). */
export type FactItem = Key & { version?: number };

interface FactContext<Item extends FactItem> {
  /** The view's item under the key before this commit (as stored: without keys); undefined before the first (the initial state). */
  previous: (key: Key) => Partial<Item> | undefined;
  /** The kickoffs of the commit's week, by game (a slip's cells carry them). */
  kickoffOf: (gameId: number) => string;
}

export interface FactView<Kind extends ClassifiedCommit['kind'], Item extends FactItem> {
  handles: Kind;
  /** The view's items after the commit at `version`, in the commit's order (a key's first item is the one kept). */
  evolve(commit: Extract<ClassifiedCommit, { kind: Kind }>, version: number, context: FactContext<Item>): Item[];
}

/** The items of a view a commit gives, each kept only over an older version than the one `kept` holds (a pure step). */
export function evolveFacts<Kind extends ClassifiedCommit['kind'], Item extends FactItem>(
  view: FactView<Kind, Item>,
  commit: ClassifiedCommit,
  version: number,
  context: FactContext<Item>,
): Item[] {
  if (commit.kind !== view.handles) return [];
  const newer = new Map<string, Item>();
  for (const item of view.evolve(commit as Extract<ClassifiedCommit, { kind: Kind }>, version, context)) {
    const key = `${item.PK}|${item.SK}`;
    const before = newer.get(key) ?? context.previous(item);
    // A week client carries no version: the same item again.
    if (!newer.has(key) && (item.version === undefined || (before?.version ?? 0) < item.version)) newer.set(key, item);
  }
  return [...newer.values()];
}
