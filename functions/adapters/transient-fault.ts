import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';

// Which failures mean AWS had a bad minute rather than that our code or data is wrong. The SDK retries them itself
// (its maxAttempts); one that reaches us outlasted those retries, and the same request may well succeed soon after.

/** Throttles by name: DynamoDB's three, Secrets Manager's and most JSON APIs', SES's, SESv2's and Lambda invoke's. */
const throttles = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'Throttling',
  'TooManyRequestsException',
]);

/** A connection that broke or never answered ('socket hang up' is an ECONNRESET). */
const networkCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

/** A transaction's cancellation reasons that are AWS's, not our conditions ('None' marks an item that was no reason). */
const transientCancellations = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
  'TransactionConflict',
]);

interface SdkError {
  name?: unknown;
  code?: unknown;
  $fault?: unknown;
  $retryable?: unknown;
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: { Code?: string }[];
}

/**
 * The failure's name when it is transient (a throttle, AWS's own server fault, a timeout or broken connection,
 * middy's timeout of a handler that overran its time), else undefined. A ConditionalCheckFailed (in a transaction
 * too) is our own logic's answer, never transient.
 */
export function transientFaultOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { name, code, $fault, $retryable, $metadata, CancellationReasons } = error as SdkError;
  const status = $metadata?.httpStatusCode ?? 0;
  const label = typeof name === 'string' && name !== 'Error' ? name : typeof code === 'string' ? code : 'Error';
  if (name === 'TransactionCanceledException') {
    const reasons = (CancellationReasons ?? []).map((reason) => reason.Code).filter((reason) => reason !== 'None');
    return reasons.length > 0 && reasons.every((reason) => transientCancellations.has(reason ?? ''))
      ? label
      : undefined;
  }
  const transient =
    throttles.has(label) ||
    // The SDK's name for its own timeouts and broken sockets, and middy's for a handler out of time.
    label === 'TimeoutError' ||
    (typeof code === 'string' && networkCodes.has(code)) ||
    // AWS's side failed (InternalServerError, ServiceUnavailable, a 500 of Lambda), or the model says ask again.
    $fault === 'server' ||
    status >= 500 ||
    status === 429 ||
    $retryable !== undefined;
  return transient ? label : undefined;
}

/**
 * Before resending what a DynamoDB batch left unprocessed (it does so when a table is over its throughput): a
 * growing pause, and at last the throughput error itself, so the caller answers 503 as for any throttle.
 */
export async function pauseBeforeResending(attempt: number, what: string) {
  if (attempt > 8)
    throw new ProvisionedThroughputExceededException({
      message: `${what} kept leaving items unprocessed`,
      $metadata: {},
    });
  if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
}

/**
 * Runs a step that may run again from the start (each of its writes looks before it writes), asking again after a
 * growing pause while it fails on a transient fault, at most `attempts` times. For a start-up's own steps, which
 * no Lambda or queue retries for them.
 */
export async function againWhileTransient<T>(step: () => Promise<T>, what: string, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const fault = transientFaultOf(error);
      if (!fault || attempt >= attempts) throw error;
      console.warn(`${what}: ${fault}, asking again (attempt ${attempt + 1} of ${attempts})`);
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}

/**
 * The transient faults a run went on past (one throttled mail keeps no one else from theirs): `rethrow` fails the run
 * on the first of them at its end, so it runs again (Lambda's retries, the maintenance) and sends what they stopped.
 */
export function faultsPassed() {
  let first: unknown;
  return {
    note(error: unknown) {
      if (first === undefined && transientFaultOf(error)) first = error;
    },
    rethrow() {
      if (first !== undefined) throw first;
    },
  };
}
export type FaultsPassed = ReturnType<typeof faultsPassed>;
