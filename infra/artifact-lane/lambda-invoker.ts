// Lambda's Invoke as the lane's AWS callers use it (the emulated Lambda API, the Scheduler, a deploy's trigger): a
// RequestResponse invocation answers the function's result, an Event one is queued and retried twice on an error, as
// Lambda's asynchronous invocation does. Counts every invocation and notes every error the functions answer.
import type { SyncAnswer } from '../local/aws-emulator.ts';
import type { FunctionSandboxes, InvocationResult } from './function-sandboxes.ts';
import { laneAccount } from './cloud-assembly.ts';

export function lambdaInvoker(region: string, sandboxOf: (nameOrArn: string) => FunctionSandboxes) {
  const invocations = { sync: 0, async: 0, stream: 0, errors: [] as string[] };
  const noteError = (what: string, outcome: InvocationResult) => {
    if (outcome.error) invocations.errors.push(`${what}: ${outcome.error.errorType}: ${outcome.error.errorMessage}`);
    return outcome;
  };
  /** Lambda's Invoke: a sync one answers the result; an Event one is queued and retried twice on an error. */
  async function invoke(
    nameOrArn: string,
    event: unknown,
    type: 'Event' | 'RequestResponse',
  ): Promise<SyncAnswer | undefined> {
    const target = sandboxOf(nameOrArn);
    if (type === 'RequestResponse') {
      invocations.sync += 1;
      const outcome = noteError(`${target.fn.name} (sync)`, await target.invoke(event, qualified(nameOrArn)));
      return outcome.error
        ? ({ payload: outcome.error, functionError: 'Unhandled' } satisfies SyncAnswer)
        : ({ payload: outcome.result } satisfies SyncAnswer);
    }
    invocations.async += 1;
    const run = async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome = await target.invoke(event, qualified(nameOrArn));
        if (!outcome.error) return;
        noteError(`${target.fn.name} (event, attempt ${attempt + 1})`, outcome);
      }
    };
    const running: Promise<void> = run().finally(() => asyncRuns.delete(running));
    asyncRuns.add(running);
    return undefined;
  }
  /** The Event invocations still running (or retrying). */
  const asyncRuns = new Set<Promise<void>>();
  const qualified = (nameOrArn: string) =>
    nameOrArn.startsWith('arn:') ? nameOrArn : `arn:aws:lambda:${region}:${laneAccount}:function:${nameOrArn}`;

  return { invocations, noteError, invoke, asyncRuns };
}

export type LambdaInvoker = ReturnType<typeof lambdaInvoker>;
