// Load → decide → append for any stream's decider, retried once on a concurrent append by
// re-reading the stream; a second conflict reaches the caller as a 409. A command made from a read of the stream
// (`readAt`: a player's whole slip as the page showed it) is refused when the stream moved since, unless the stream
// already holds what it asks. An append moves its stream's version stamp (stamped-partitions.ts: a slip's client
// week), so no command has a stamp to remember.
import { type Decider, type Event, foldEvents } from '#domain/decider.ts';
import { ConcurrencyError, DomainError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import type { CommitMeta } from '../adapters/event-store.ts';
import { stampAppended } from './stamped-partitions.ts';

type Store = Pick<Deps, 'events' | 'db' | 'tables'>;

export interface CommandResult<State, Ev> {
  state: State;
  version: number;
  appended: Ev[];
}

/** The stream version a command was made from, and the refusal when the stream has moved since. */
export interface ReadAt {
  version: number;
  changed: () => Error;
}

export const handleCommand = <State, Command, Ev extends Event<string, unknown>, Context>(
  deps: Store,
  streamId: string,
  meta: CommitMeta,
  decider: Decider<State, Command, Ev, Context>,
  command: Command,
  context: Context,
  readAt?: ReadAt,
): Promise<CommandResult<State, Ev>> => handleCommands(deps, streamId, meta, decider, [command], context, readAt);

/** Several commands decided in turn, each on the state the previous one left, appended as one commit. */
export async function handleCommands<State, Command, Ev extends Event<string, unknown>, Context>(
  deps: Store,
  streamId: string,
  meta: CommitMeta,
  decider: Decider<State, Command, Ev, Context>,
  commands: readonly Command[],
  context: Context,
  readAt?: ReadAt,
): Promise<CommandResult<State, Ev>> {
  for (let attempt = 1; ; attempt++) {
    const { version, commits } = await deps.events.readStream<Ev>(streamId);
    const moved = readAt !== undefined && version !== readAt.version;
    const state = foldEvents(
      decider,
      commits.flatMap((commit) => commit.events),
    );
    let decided: { appended: Ev[]; state: State };
    try {
      decided = decideAll(decider, state, commands, context);
    } catch (error) {
      // A rule the command breaks on a slip the page did not show (a game locked, a line moved since): the page is
      // behind, so that is the reason. A fault in the code stays a fault.
      if (moved && error instanceof DomainError) throw readAt.changed();
      throw error;
    }
    // Nothing to append: the stream already holds what the command asks (made from an older read, it is the same
    // request asked again after its answer was lost, or the same change made twice), so it is done, not refused.
    if (decided.appended.length === 0) return { state, version, appended: [] };
    if (moved) throw readAt.changed();
    try {
      const newVersion = await deps.events.append(streamId, version, decided.appended, meta);
      await stampAppended(deps, streamId);
      return { state: decided.state, version: newVersion, appended: decided.appended };
    } catch (error) {
      // Asked again on the stream as it now is: a command made from an older read is then refused unless the stream
      // already holds what it asks (the same change made at the same moment elsewhere).
      if (!(error instanceof ConcurrencyError)) throw error;
      if (attempt >= 2) throw readAt ? readAt.changed() : error;
    }
  }
}

function decideAll<State, Command, Ev extends Event<string, unknown>, Context>(
  decider: Decider<State, Command, Ev, Context>,
  state: State,
  commands: readonly Command[],
  context: Context,
) {
  const appended: Ev[] = [];
  let decided = state;
  for (const command of commands) {
    const events = decider.decide(command, decided, context);
    appended.push(...events);
    decided = events.reduce(decider.evolve, decided);
  }
  return { appended, state: decided };
}
