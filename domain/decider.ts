// One shape for every event stream, after Emmett's decider: a stream's state is its events folded
// with evolve from initialState, and decide turns a command into new events without any I/O. The
// context carries what the stream does not hold itself (the clock, facts read elsewhere).
export type Event<Type extends string, Data> = { type: Type; data: Data };

export interface Decider<State, Command, Ev extends Event<string, unknown>, Context> {
  initialState: State;
  evolve: (state: State, event: Ev) => State;
  /** The events the command leads to; [] when it changes nothing. Refusals throw a DomainError. */
  decide: (command: Command, state: State, context: Context) => Ev[];
}

export const foldEvents = <State, Ev extends Event<string, unknown>>(
  decider: Pick<Decider<State, never, Ev, never>, 'initialState' | 'evolve'>,
  events: readonly Ev[],
): State => events.reduce(decider.evolve, decider.initialState);
