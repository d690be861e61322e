// A write whose answer is lost after it committed, as faults.ts' timeoutAfterWrite makes it: the SDK sends it again.
import type { Deps } from '../../../functions/adapters/deps.ts';

export const loseFirstAnswersName = 'loseFirstAnswers';

/**
 * The first attempt of every command `chosen` picks commits, then its answer is lost (a timeout) and the SDK sends
 * it again; answers how many were lost so far. Taken off with `middlewareStack.remove(loseFirstAnswersName)`.
 */
export function loseFirstAnswers(deps: Pick<Deps, 'db'>, chosen: (command: string, input: object) => boolean) {
  const faulted = new WeakSet<object>();
  let lost = 0;
  deps.db.middlewareStack.add(
    (next, context) => async (args) => {
      if (!chosen(context.commandName ?? '', args.input as object) || faulted.has(context)) return next(args);
      faulted.add(context);
      await next(args);
      lost += 1;
      throw Object.assign(new Error('a request has exceeded the configured requestTimeout (injected)'), {
        name: 'TimeoutError',
        code: 'ETIMEDOUT',
      });
    },
    { step: 'deserialize', priority: 'low', name: loseFirstAnswersName },
  );
  return () => lost;
}
