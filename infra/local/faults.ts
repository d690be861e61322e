// Faults on demand (issue 59): PICKEM_FAULTS makes the local twin fail as AWS ordinarily does, so code that only
// works on a good day shows it here. A call to an AWS API may be throttled, meet AWS's own failure, or time out after
// its write was done (the SDK asks again: a conditional put then fails as if someone else had written); a
// transaction may be cancelled by a conflict; a delivery (a stream batch, an async invocation, a schedule's firing)
// may come twice. The handlers' DynamoDB client meets them in its middleware (fault-middleware.ts), the other
// services in their emulators, which answer on the wire as AWS does; none of it is in a Lambda bundle.
import type { IncomingMessage, RequestListener } from 'node:http';
import type { AwsService } from '../../functions/adapters/aws-client-config.ts';
import { seededRandom } from '../../functions/providers/demo/prng.ts';

export const faultKinds = ['throttle', 'serverError', 'timeoutAfterWrite', 'transactionConflict', 'redeliver'] as const;
export type FaultKind = (typeof faultKinds)[number];
/** What a call to an AWS API may meet. */
export type CallFault = Exclude<FaultKind, 'redeliver'>;

export interface FaultPlan {
  rates: Record<FaultKind, number>;
  seed: number;
}

/** What a call is, as far as its faults go. */
export interface AwsCall {
  service: AwsService;
  /** It changes something: it may time out after the change was made. */
  write: boolean;
  /** A TransactWriteItems: a conflict may cancel it (instead of the timeout). */
  transaction?: boolean;
}

const isRate = (text: string) => /^(\d*\.)?\d+$/.test(text) && Number(text) <= 1;

/**
 * The plan PICKEM_FAULTS and PICKEM_FAULTS_SEED describe: one rate for every kind (`0.05`) or rates by kind
 * (`throttle:0.05,serverError:0.02`, the others 0). Undefined when it is unset or every rate is 0. Nonsense is
 * refused with what was wrong, so a typo never runs a session without the faults it asked for.
 */
export function faultPlanOf(settings: Record<string, string | undefined>): FaultPlan | undefined {
  const text = settings.PICKEM_FAULTS?.trim();
  if (!text) return undefined;
  const refuse = (why: string) => new Error(`PICKEM_FAULTS=${JSON.stringify(text)}: ${why}`);
  const rates = Object.fromEntries(faultKinds.map((kind) => [kind, 0])) as Record<FaultKind, number>;
  const kinds = faultKinds.join(', ');
  if (isRate(text)) for (const kind of faultKinds) rates[kind] = Number(text);
  else if (!text.includes(':') && !(faultKinds as readonly string[]).includes(text))
    throw refuse(`give one rate from 0 to 1 (as 0.05) or kind:rate pairs (as throttle:0.05,redeliver:0.1) of ${kinds}`);
  else {
    const named = new Set<string>();
    for (const entry of text.split(',').map((part) => part.trim())) {
      const [kind = '', rate = '', ...rest] = entry.split(':').map((part) => part.trim());
      if (!(faultKinds as readonly string[]).includes(kind))
        throw refuse(`'${kind}' is not a kind of fault (${kinds})`);
      if (rest.length || !isRate(rate))
        throw refuse(`the rate of ${kind} must be a number from 0 to 1, as ${kind}:0.05`);
      if (named.has(kind)) throw refuse(`${kind} is named twice`);
      named.add(kind);
      rates[kind as FaultKind] = Number(rate);
    }
  }
  // One draw picks a call's fault among those it can meet, so their rates must fit in one.
  const worstCall = rates.throttle + rates.serverError + Math.max(rates.timeoutAfterWrite, rates.transactionConflict);
  if (worstCall > 1)
    throw refuse(
      `a call may meet throttle, serverError and timeoutAfterWrite (or transactionConflict), whose rates add up to ${Number(worstCall.toFixed(4))}; keep them to 1 in all`,
    );
  if (faultKinds.every((kind) => rates[kind] === 0)) return undefined;
  const seedText = settings.PICKEM_FAULTS_SEED?.trim();
  if (seedText && !/^\d{1,9}$/.test(seedText))
    throw new Error(`PICKEM_FAULTS_SEED=${JSON.stringify(seedText)}: the seed must be a whole number, as 1`);
  return { rates, seed: seedText ? Number(seedText) : Math.floor(Math.random() * 1e9) };
}

/** Where faults are drawn: each place draws from a sequence of its own, so one's draws never shift another's. */
export type FaultSite = AwsService | 'stream' | 'invoke' | 'schedule';

/**
 * The plan's faults, drawn from its seed and counted: the same sequence of calls to a service (or of deliveries of
 * an emulator) meets the same faults.
 */
export function createFaults(plan: FaultPlan) {
  const sequences = new Map<FaultSite, () => number>();
  const random = (site: FaultSite) => {
    if (!sequences.has(site)) sequences.set(site, seededRandom('faults', plan.seed, site));
    return sequences.get(site)!();
  };
  const counts = Object.fromEntries(faultKinds.map((kind) => [kind, 0])) as Record<FaultKind, number>;
  const count = <K extends FaultKind>(kind: K) => {
    counts[kind] += 1;
    return kind;
  };
  return {
    plan,
    /** The fault this call meets, if any. */
    forCall({ service, write, transaction = false }: AwsCall): CallFault | undefined {
      const draw = random(service);
      let below = 0;
      for (const kind of [
        'throttle',
        'serverError',
        transaction ? 'transactionConflict' : 'timeoutAfterWrite',
      ] as const) {
        if (kind === 'timeoutAfterWrite' && !write) continue;
        below += plan.rates[kind];
        if (draw < below) return count(kind);
      }
      return undefined;
    },
    /** Whether a delivery that went through (a stream batch, an invocation, a schedule's firing) is made again. */
    redeliver(site: 'stream' | 'invoke' | 'schedule') {
      if (random(site) >= plan.rates.redeliver) return false;
      count('redeliver');
      return true;
    },
    /** How many throttles so far, which the DynamoDB throttles take turns by. */
    throttles: () => counts.throttle,
    /** The shutdown line's figures. */
    summary: () => ({
      faultsInjected: faultKinds.reduce((sum, kind) => sum + counts[kind], 0),
      ...counts,
      seed: plan.seed,
    }),
  };
}

export type Faults = ReturnType<typeof createFaults>;

interface WireError {
  status: number;
  type: string;
  message: string;
}

/** How each service answers its throttles and its own failures, as the SDK's models name them. */
const wireErrors: Record<AwsService, { contentType: string; throttle: WireError[]; serverError: WireError }> = {
  DYNAMODB: {
    contentType: 'application/x-amz-json-1.0',
    // A provisioned table's throttle, and an on-demand table's (or the account's).
    throttle: [
      {
        status: 400,
        type: 'ProvisionedThroughputExceededException',
        message: 'The level of configured provisioned throughput for the table was exceeded.',
      },
      { status: 400, type: 'ThrottlingException', message: 'Throughput exceeds the current capacity of your table.' },
    ],
    serverError: { status: 500, type: 'InternalServerError', message: 'Internal server error' },
  },
  LAMBDA: {
    contentType: 'application/json',
    throttle: [{ status: 429, type: 'TooManyRequestsException', message: 'Rate Exceeded.' }],
    serverError: { status: 500, type: 'ServiceException', message: 'An internal error occurred.' },
  },
  SESV2: {
    contentType: 'application/json',
    throttle: [{ status: 429, type: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' }],
    serverError: { status: 500, type: 'InternalFailure', message: 'An internal error occurred.' },
  },
  SECRETS_MANAGER: {
    contentType: 'application/x-amz-json-1.1',
    throttle: [{ status: 400, type: 'ThrottlingException', message: 'Rate exceeded' }],
    serverError: { status: 500, type: 'InternalServiceError', message: 'An error occurred on the server side.' },
  },
  SCHEDULER: {
    contentType: 'application/json',
    throttle: [{ status: 429, type: 'ThrottlingException', message: 'Rate exceeded' }],
    serverError: { status: 500, type: 'InternalServerException', message: 'Internal server error' },
  },
};

/** A TransactWriteItems cancelled for a conflict on its first item: DynamoDB gives a reason per item. */
function cancelledTransaction(items: number) {
  const CancellationReasons = Array.from({ length: items }, (_, index) =>
    index === 0 ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
  );
  const codes = CancellationReasons.map((reason) => reason.Code).join(', ');
  return {
    status: 400,
    type: 'TransactionCanceledException',
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
    CancellationReasons,
  };
}

/** The HTTP answer the service gives with the fault: the SDK's deserializer makes its own error of it. */
export function wireAnswer(
  fault: 'throttle' | 'serverError' | 'transactionConflict',
  service: AwsService,
  faults: Faults,
  transactItems = 1,
) {
  const { contentType, throttle, serverError } = wireErrors[service];
  const { status, type, ...body } =
    fault === 'serverError'
      ? serverError
      : fault === 'throttle'
        ? throttle[faults.throttles() % throttle.length]!
        : cancelledTransaction(transactItems);
  return {
    statusCode: status,
    headers: { 'content-type': contentType, 'x-amzn-errortype': type, 'x-amzn-requestid': 'pickem-fault' },
    body: JSON.stringify({ __type: type, ...body }),
  };
}

/**
 * An emulator's listener meeting the faults: a call answered as the service answers a throttle or its own failure,
 * or done and its connection dropped before the answer (the SDK's HTTP handler reports a TimeoutError and the SDK
 * asks again). `callOf` says which service a request calls, and undefined for a request no fault may meet.
 */
export function listenerWithFaults(
  faults: Faults | undefined,
  callOf: (req: IncomingMessage) => AwsCall | undefined,
  listener: RequestListener,
): RequestListener {
  if (!faults) return listener;
  return (req, res) => {
    const call = callOf(req);
    const fault = call && faults.forCall(call);
    if (fault === 'timeoutAfterWrite') res.end = (() => res.destroy()) as typeof res.end;
    else if (fault) {
      const answer = wireAnswer(fault, call.service, faults);
      res.writeHead(answer.statusCode, answer.headers);
      res.end(answer.body);
      return;
    }
    return listener(req, res);
  };
}

/** Whether an operation (GetItem, ListSchedules, PutSecretValue...) only reads. */
export const readsOnly = (operation: string) => /^(Get|BatchGet|TransactGet|Query|Scan|Describe|List)/.test(operation);

/** The faults, met only once `arm` is called: a run whose set-up (a seed) is not what it tries. */
export function armedLater(faults: Faults) {
  let armed = false;
  const gated: Faults = {
    ...faults,
    forCall: (call) => (armed ? faults.forCall(call) : undefined),
    redeliver: (site) => armed && faults.redeliver(site),
  };
  return {
    faults: gated,
    arm: () => {
      armed = true;
    },
  };
}
