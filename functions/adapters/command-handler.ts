// Load → decide → append, retried once on a concurrent append by re-reading (DESIGN §3), then 409.
import { ConcurrencyError } from '../../domain/errors.ts';
import type { CommitMeta, EventStore, StoredEvent } from './event-store.ts';

export interface CommandResult<S, E> { state: S; version: number; appended: E[] }

export async function handleCommand<S, E extends StoredEvent>(
  store: EventStore,
  streamId: string,
  meta: CommitMeta,
  fold: (events: readonly E[]) => S,
  evolve: (state: S, event: E) => S,
  decide: (state: S) => E[],
): Promise<CommandResult<S, E>> {
  for (let attempt = 1; ; attempt++) {
    const { version, commits } = await store.readStream<E>(streamId);
    const state = fold(commits.flatMap((commit) => commit.events));
    const appended = decide(state);
    if (appended.length === 0) return { state, version, appended };
    try {
      const newVersion = await store.append(streamId, version, appended, meta);
      return { state: appended.reduce(evolve, state), version: newVersion, appended };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 2) throw error;
    }
  }
}
