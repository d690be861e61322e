// Whether a views table holds what its events give: the events are rebuilt into a scratch views table and the two
// are compared item by item, in the running code's layout only (another layout's items are not this code's views).
// The operator's check after an incident (docs/views-rebuild.md, Checking the views); the table checked is only read.
import type { Deps } from '../adapters/deps.ts';
import { type Key, scanByPrefix } from '../store/state-table.ts';
import { viewsPartition } from '../views/layout.ts';
import { restingItem } from '../views/week-aggregates.ts';
import { keyText } from './fold-views.ts';
import { rebuildViews } from './rebuild.ts';

type Tables = Pick<Deps, 'db' | 'tables'>;
type Item = Key & Record<string, unknown>;

export interface ViewsCheck {
  /** Items compared: every key of this layout in either table. */
  items: number;
  /** Items that differ, are missing from the views or are there but not in the rebuild. */
  differ: number;
  /** The first differing keys (in key order) with a short diff, for an operator to read. */
  shown: string[];
}

/** Object keys sorted, at every depth: two items are equal when their texts are. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_name, nested: unknown) =>
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );

/** Around the first character where two texts part: long values (a total's picks) differ deep inside. */
function parting(live: string, rebuilt: string) {
  let at = 0;
  while (at < live.length && live[at] === rebuilt[at]) at += 1;
  const from = Math.max(0, at - 15);
  const cut = (text: string) => `${from ? '…' : ''}${text.slice(from, at + 30)}${text.length > at + 30 ? '…' : ''}`;
  return `${cut(live)} → ${cut(rebuilt)}`;
}

function difference(live: Item, rebuilt: Item) {
  const names = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
  return names
    .map((name) => [name, canonical(live[name]) ?? '(none)', canonical(rebuilt[name]) ?? '(none)'] as const)
    .filter(([, was, is]) => was !== is)
    .map(([name, was, is]) => `${name}: ${parting(was, is)}`)
    .join('; ');
}

/**
 * This layout's items as they stand at rest: a counter item without what a move in flight or a crash left on it (a
 * token, a close mark, a counter at zero, an item counting nothing), which counts the same as the rebuild's.
 */
async function layoutItems(deps: Tables) {
  const items = await scanByPrefix<Item>(deps, viewsPartition(''), 'views');
  return new Map(
    items.flatMap((item) => {
      const resting = restingItem(item);
      return resting ? [[keyText(resting), resting] as const] : [];
    }),
  );
}

/** Compares this layout's items of the live views table with those of a rebuild's (each deps names its views table). */
export async function compareViews(live: Tables, rebuilt: Tables, show = 10): Promise<ViewsCheck> {
  const [was, is] = await Promise.all([layoutItems(live), layoutItems(rebuilt)]);
  const keys = [...new Set([...was.keys(), ...is.keys()])].sort();
  const differing = keys.flatMap((key) => {
    const [item, expected] = [was.get(key), is.get(key)];
    if (!item) return [`${key}  missing from the views (the rebuild has it)`];
    if (!expected) return [`${key}  in the views, not in the rebuild`];
    return canonical(item) === canonical(expected) ? [] : [`${key}  ${difference(item, expected)}`];
  });
  return { items: keys.length, differ: differing.length, shown: differing.slice(0, show) };
}

/**
 * Rebuilds the views of the deps' events into the scratch views table (the layout's items there are replaced, as by
 * any rebuild), then compares the deps' views table with it. Only the scratch table is written.
 */
export async function checkViews(deps: Deps, scratchViewsTable: string) {
  if (scratchViewsTable === deps.tables.views)
    throw new Error(`The scratch views table must not be the views table checked (${scratchViewsTable})`);
  const scratch = { ...deps, tables: { ...deps.tables, views: scratchViewsTable } };
  await rebuildViews(scratch);
  return compareViews(deps, scratch);
}
