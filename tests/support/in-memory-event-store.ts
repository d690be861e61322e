// The event store port held in memory, for specs whose streams need no database: the given commits, and every
// append after them as DynamoDB's conditional put makes it (the next version, or ConcurrencyError when it is taken).
import { ConcurrencyError } from '#domain/errors.ts';
import type { Commit, EventStore, StoredEvent } from '../../functions/adapters/event-store.ts';

export interface InMemoryEventStore extends EventStore {
  /** The commits appended since the store was made, in order: not the given ones. */
  appended(): Commit[];
}

export function inMemoryEventStore(given: readonly Commit[] = []): InMemoryEventStore {
  const streams = new Map<string, Map<number, Commit>>();
  const appended: Commit[] = [];
  const add = (commit: Commit) => {
    if (!streams.has(commit.streamId)) streams.set(commit.streamId, new Map());
    streams.get(commit.streamId)!.set(commit.version, commit);
  };
  given.forEach(add);
  const streamOf = (streamId: string) =>
    [...(streams.get(streamId)?.values() ?? [])].sort((a, b) => a.version - b.version);
  return {
    readStream: async <E extends StoredEvent>(streamId: string) => {
      const commits = streamOf(streamId) as Commit<E>[];
      return { version: commits.at(-1)?.version ?? 0, commits };
    },
    readLast: async <E extends StoredEvent>(streamId: string) => streamOf(streamId).at(-1) as Commit<E> | undefined,
    movedOn: async (positions) =>
      new Set(
        positions
          .filter(({ streamId, version }) => streams.get(streamId)?.has(version + 1))
          .map(({ streamId }) => streamId),
      ),
    async append(streamId, expectedVersion, events, meta) {
      const version = expectedVersion + 1;
      if (streams.get(streamId)?.has(version)) throw new ConcurrencyError(streamId, expectedVersion);
      // As stored: a copy, without undefined attributes (the document client's removeUndefinedValues).
      const commit = { streamId, version, events: JSON.parse(JSON.stringify(events)) as StoredEvent[], ...meta };
      add(commit);
      appended.push(commit);
      return version;
    },
    async *readAll() {
      yield [...streams.values()].flatMap((stream) => [...stream.values()]);
    },
    appended: () => [...appended],
  };
}
