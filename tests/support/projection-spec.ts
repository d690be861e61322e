// View tests read as specifications too: given(commits) then the view items they fold to, by the same fold the rebuild
// runs (functions/projector/fold-views.ts). An expected item names its keys and the attributes that matter.
import { expect } from 'vitest';
import type { Event } from '#domain/decider.ts';
import type { Commit } from '../../functions/adapters/event-store.ts';
import { type FoldLookups, foldViews } from '../../functions/projector/fold-views.ts';

type Key = { PK: string; SK: string };

/** A commit of the stream at the version, as the event store hands it on. */
export const commitOf = (streamId: string, version: number, ...events: Event<string, unknown>[]): Commit => ({
  streamId,
  version,
  events,
  at: '2026-11-22T17:00:00.000Z',
  actor: 'spec',
  correlationId: `${streamId}@${version}`,
});

export function projectionSpec(lookups: FoldLookups) {
  return {
    given: (...commits: Commit[]) => {
      const items = () => foldViews(commits, lookups).items;
      const find = (all: readonly Key[], { PK, SK }: Key) => all.find((item) => item.PK === PK && item.SK === SK);
      return {
        items,
        then: (...expected: (Key & Record<string, unknown>)[]) => {
          const all = items();
          for (const item of expected) expect(find(all, item), `${item.PK}|${item.SK}`).toMatchObject(item);
        },
        thenNo: (...keys: Key[]) => {
          const all = items();
          for (const key of keys) expect(find(all, key), `${key.PK}|${key.SK}`).toBeUndefined();
        },
      };
    },
  };
}
