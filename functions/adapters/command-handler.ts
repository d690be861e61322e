// Load → decide → append for any stream's decider, retried once on a concurrent append by
// re-reading the stream; a second conflict reaches the caller as a 409.
import { type Decider, type Event, foldEvents } from '#domain/decider.ts';
import { ConcurrencyError } from '#domain/errors.ts';
import type { CommitMeta, EventStore } from './event-store.ts';

export interface CommandResult<State, Ev> {
  state: State;
  version: number;
  appended: Ev[];
}

export async function handleCommand<State, Command, Ev extends Event<string, unknown>, Context>(
  store: EventStore,
  streamId: string,
  meta: CommitMeta,
  decider: Decider<State, Command, Ev, Context>,
  command: Command,
  context: Context,
): Promise<CommandResult<State, Ev>> {
  for (let attempt = 1; ; attempt++) {
    const { version, commits } = await store.readStream<Ev>(streamId);
    const state = foldEvents(
      decider,
      commits.flatMap((commit) => commit.events),
    );
    const appended = decider.decide(command, state, context);
    if (appended.length === 0) return { state, version, appended };
    try {
      const newVersion = await store.append(streamId, version, appended, meta);
      return { state: appended.reduce(decider.evolve, state), version: newVersion, appended };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 2) throw error;
    }
  }
}
