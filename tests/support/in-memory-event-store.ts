// The event store port held in memory, for specs whose streams need no database: the given commits, and every
// append after them as DynamoDB's conditional put makes it (the next version, or ConcurrencyError when it is taken).
// A commit is kept as DynamoDB keeps an item (marshalled, undefined attributes dropped, a Date or NaN refused) and
// read back as a fresh copy, so a handler sees what it would see on the table.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { ConcurrencyError } from '#domain/errors.ts';
import type { Event } from '#domain/decider.ts';
import type { Commit, EventStore, StoredEvent } from '../../functions/adapters/event-store.ts';

/** A commit of the stream at the version, as the event store hands it on. */
export const commitOf = (streamId: string, version: number, ...events: Event<string, unknown>[]): Commit => ({
  streamId,
  version,
  events,
  at: '2026-11-22T17:00:00.000Z',
  actor: 'spec',
  correlationId: `${streamId}@${version}`,
});

export interface InMemoryEventStore extends EventStore {
  /** The commits appended since the store was made, in order: not the given ones. */
  appended(): Commit[];
}

type Stored = Record<string, AttributeValue>;
const stored = (commit: Commit): Stored => marshall(commit, { removeUndefinedValues: true });
const read = <E extends StoredEvent>(item: Stored) => unmarshall(item) as Commit<E>;

export function inMemoryEventStore(given: readonly Commit[] = []): InMemoryEventStore {
  const streams = new Map<string, Map<number, Stored>>();
  const appended: Stored[] = [];
  const add = (commit: Commit) => {
    if (!streams.has(commit.streamId)) streams.set(commit.streamId, new Map());
    const stream = streams.get(commit.streamId)!;
    const item = stored(commit);
    // The same commit given twice (a redelivery the projection specs give) is the one item; another is a mistake.
    const held = stream.get(commit.version);
    if (held && JSON.stringify(held) === JSON.stringify(item)) return held;
    if (held) throw new Error(`${commit.streamId} has another commit at ${commit.version}`);
    stream.set(commit.version, item);
    return item;
  };
  given.forEach(add);
  const streamOf = <E extends StoredEvent>(streamId: string) =>
    [...(streams.get(streamId)?.entries() ?? [])].sort(([a], [b]) => a - b).map(([, item]) => read<E>(item));
  return {
    readStream: async <E extends StoredEvent>(streamId: string) => {
      const commits = streamOf<E>(streamId);
      return { version: commits.at(-1)?.version ?? 0, commits };
    },
    readLast: async <E extends StoredEvent>(streamId: string) => streamOf<E>(streamId).at(-1),
    async movedOn(positions) {
      if (new Set(positions.map(({ streamId }) => streamId)).size < positions.length)
        throw new Error('movedOn: a stream named twice (BatchGet refuses duplicate keys)');
      return new Set(
        positions
          .filter(({ streamId, version }) => streams.get(streamId)?.has(version + 1))
          .map(({ streamId }) => streamId),
      );
    },
    async append(streamId, expectedVersion, events, meta) {
      const version = expectedVersion + 1;
      if (streams.get(streamId)?.has(version)) throw new ConcurrencyError(streamId, expectedVersion);
      appended.push(add({ streamId, version, events: [...events], ...meta }));
      return version;
    },
    async *readAll() {
      yield [...streams.values()].flatMap((stream) => [...stream.values()].map((item) => read(item)));
    },
    appended: () => appended.map((item) => read(item)),
  };
}
