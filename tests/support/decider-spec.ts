// Decider tests read as specifications: given(events).when(command, context?) then the events it
// leads to, a refusal with its code, or nothing at all. The context given to when() is merged over
// the spec's default context, so a case states only what differs.
import { expect } from 'vitest';
import { type Decider, type Event, foldEvents } from '#domain/decider.ts';
import { DomainError } from '#domain/errors.ts';

export function specFor<State, Command, Ev extends Event<string, unknown>, Context extends object>(
  decider: Decider<State, Command, Ev, Context>,
  defaultContext: Context,
) {
  return {
    given: (...history: Ev[]) => ({
      when: (command: Command, context: Partial<Context> = {}) => {
        const run = () => decider.decide(command, foldEvents(decider, history), { ...defaultContext, ...context });
        return {
          then: (expected: Ev[]) => expect(run()).toEqual(expected),
          thenNothingHappens: () => expect(run()).toEqual([]),
          thenRefuses: (code: string, message?: RegExp) => {
            let caught: unknown;
            try {
              run();
            } catch (error) {
              caught = error;
            }
            expect(caught).toBeInstanceOf(DomainError);
            expect((caught as DomainError).code).toBe(code);
            if (message) expect((caught as DomainError).message).toMatch(message);
          },
        };
      },
    }),
  };
}
