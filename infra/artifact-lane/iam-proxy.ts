// IAM as AWS applies it, in front of a local emulator: each function process signs its calls with an access key of
// its own, so the proxy knows the caller; it evaluates every authorization the request needs (aws-requests.ts)
// against that caller's role policies with @cloud-copilot/iam-simulate, then forwards the request unchanged or
// answers AccessDeniedException in the service's protocol without forwarding it.
import { Agent, createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type EvaluationResult,
  runSimulation,
  runUnsafeSimulation,
  type Simulation,
  type SimulationIdentityPolicy,
} from '@cloud-copilot/iam-simulate';
import { type Faults, readsOnly, wireAnswer } from '../local/faults.ts';
import { authorizationRequests, credentialScope } from './aws-requests.ts';
import type { AuthorizationRequest, RequestOptions } from './aws-requests/signed-request.ts';

/** An IAM policy document, its intrinsics already resolved. */
export interface PolicyDocument {
  Version?: string;
  Statement: unknown;
}

export interface Caller {
  /** The function's name: its role session's name, as Lambda names it. */
  name: string;
  roleArn: string;
  policies: PolicyDocument[];
}

export interface Decision {
  /** The caller's name, or the access key id the proxy did not know. */
  caller: string;
  action: string;
  resource: string;
  allowed: boolean;
}

export interface IamProxyOptions extends RequestOptions {
  /** The emulator's endpoint, `http://127.0.0.1:<port>`. */
  upstream: string;
  callerOf: (accessKeyId: string) => Caller | undefined;
  /** PICKEM_FAULTS's faults, for the DynamoDB calls that pass (the other emulators meet their own). */
  faults?: Faults | undefined;
  /** Whether the emulator behind meets PICKEM_FAULTS itself: a connection it drops is then a fault, passed on. */
  upstreamFaults?: boolean;
}

export interface IamProxy {
  endpoint: string;
  /** Every authorization evaluated, in order. */
  decisions: Decision[];
  /** Requests the proxy could not decide (an operation it does not know, a policy the simulator refused). */
  failures: string[];
  close(): Promise<void>;
}

type Protocol = 'awsJson' | 'restJson' | 'restXml';
const protocols: Record<string, Protocol> = {
  dynamodb: 'awsJson',
  secretsmanager: 'awsJson',
  codedeploy: 'awsJson',
  lambda: 'restJson',
  ses: 'restJson',
  scheduler: 'restJson',
  cloudfront: 'restXml',
};

/** The ARN a Lambda function's calls carry: its role's session, named after the function. */
function sessionArn({ roleArn, name }: Caller) {
  const [, partition, , , account, resource = ''] = roleArn.split(':');
  return `arn:${partition}:sts::${account}:assumed-role/${resource.split('/').pop()}/${name}`;
}

async function simulate(simulation: Simulation): Promise<EvaluationResult> {
  const answer = await runSimulation(simulation, {});
  if (answer.resultType !== 'error') return answer.overallResult;
  const { action, resource } = simulation.request;
  // CodeDeploy authorizes PutLifecycleEventHookExecutionStatus on the deployment group (its permissions reference;
  // CDK grants it there), while the Service Authorization Reference the simulator reads lists no resource for it.
  // Such an action is evaluated on the resource as given, without the simulator's checks of its resource types.
  if (answer.errors.message === 'must.use.wildcard' && resource.resource !== '*')
    return runUnsafeSimulation(simulation, {});
  throw new Error(`The simulator refused ${action} on ${resource.resource}: ${JSON.stringify(answer.errors)}`);
}

const cacheLimit = 50_000;

/**
 * Evaluates an authorization for a caller. A caller's policies are prepared once and its verdicts kept: the lane
 * asks the same question (the same action, resource and keys) many times, and a simulation costs about half a
 * millisecond.
 */
function evaluator(account: string) {
  const prepared = new WeakMap<
    Caller,
    {
      principal: string;
      identityPolicies: SimulationIdentityPolicy[];
      verdicts: Map<string, Promise<EvaluationResult>>;
    }
  >();
  return (caller: Caller, { action, resource, context }: AuthorizationRequest) => {
    let entry = prepared.get(caller);
    if (!entry) {
      const identityPolicies = caller.policies.map((policy, index) => ({ name: `policy-${index + 1}`, policy }));
      entry = { principal: sessionArn(caller), identityPolicies, verdicts: new Map() };
      prepared.set(caller, entry);
    }
    const key = `${action} ${resource} ${JSON.stringify(context)}`;
    let verdict = entry.verdicts.get(key);
    if (!verdict) {
      if (entry.verdicts.size >= cacheLimit) entry.verdicts.clear();
      verdict = simulate({
        request: {
          principal: entry.principal,
          action,
          resource: { resource, accountId: resource.split(':')[4] || account },
          contextVariables: context,
        },
        identityPolicies: entry.identityPolicies,
        serviceControlPolicies: [],
        resourceControlPolicies: [],
      });
      entry.verdicts.set(key, verdict);
      verdict.catch(() => entry.verdicts.delete(key));
    }
    return verdict;
  };
}

/** AWS's words for a denial. */
function denialMessage(
  user: string,
  { action, resource }: AuthorizationRequest,
  verdict: EvaluationResult | undefined,
) {
  const because =
    verdict === 'ExplicitlyDenied'
      ? 'with an explicit deny in an identity-based policy'
      : `because no identity-based policy allows the ${action} action`;
  return `User: ${user} is not authorized to perform: ${action} on resource: ${resource} ${because}`;
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An error in the service's protocol, so the SDK throws an error of that name. */
function answerError(res: ServerResponse, request: IncomingMessage, service: string, code: string, message: string) {
  const protocol = protocols[service] ?? 'restJson';
  if (protocol === 'restXml') {
    const error = `<Error><Type>Sender</Type><Code>${code}</Code><Message>${xmlText(message)}</Message></Error>`;
    res.writeHead(code === 'AccessDenied' ? 403 : 400, { 'content-type': 'text/xml' });
    res.end(`<?xml version="1.0"?><ErrorResponse>${error}<RequestId>iam-proxy</RequestId></ErrorResponse>`);
    return;
  }
  const requestType = request.headers['content-type'] ?? '';
  const awsJson = protocol === 'awsJson';
  res.writeHead(awsJson || code !== 'AccessDeniedException' ? 400 : 403, {
    'content-type': awsJson && requestType.startsWith('application/x-amz-json') ? requestType : 'application/json',
    'x-amzn-errortype': code,
  });
  res.end(JSON.stringify(awsJson ? { __type: `com.amazonaws.${service}#${code}`, message } : { message }));
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startIamProxy(options: IamProxyOptions): Promise<IamProxy> {
  const upstream = new URL(options.upstream);
  const agent = new Agent({ keepAlive: true });
  const evaluate = evaluator(options.account);
  const decisions: Decision[] = [];
  const failures: string[] = [];

  /** The fault PICKEM_FAULTS has this DynamoDB call meet, if any. */
  const dynamoDbFault = (request: IncomingMessage, body: Buffer) => {
    const operation = String(request.headers['x-amz-target']).split('.')[1] ?? '';
    const transaction = operation === 'TransactWriteItems' && body.length > 0;
    return options.faults?.forCall({ service: 'DYNAMODB', write: !readsOnly(operation), transaction });
  };

  /** `dropAnswer`: the call is made, then its connection dropped before the answer (a timeout after the write). */
  const pass = (request: IncomingMessage, body: Buffer, res: ServerResponse, retried = false, dropAnswer = false) => {
    const sent = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        if (dropAnswer) return void answer.resume().on('end', () => res.destroy());
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    sent.on('error', (error: Error & { code?: string }) => {
      // A kept-alive socket the upstream closed while idle: sent again once on a new one, as Node's docs advise.
      if (sent.reusedSocket && error.code === 'ECONNRESET' && !retried && !res.headersSent)
        return pass(request, body, res, true, dropAnswer);
      // Under PICKEM_FAULTS an emulator behind the proxy drops a call's connection before its answer (a timeout after
      // the write, infra/local/faults.ts): the caller meets the same drop, and its SDK asks again.
      const injectedDrop = options.upstreamFaults && error.message === 'socket hang up';
      if (!injectedDrop) failures.push(`${request.method} ${request.url}: the upstream failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    sent.end(body);
  };

  const handle = async (request: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(request);
    const scope = credentialScope(request.headers.authorization);
    const service = scope?.service ?? '';
    let authorizations: AuthorizationRequest[];
    try {
      const path = request.url ?? '/';
      const method = request.method ?? 'GET';
      authorizations = authorizationRequests(
        { service, method, path, headers: request.headers, body: body.toString('utf8') },
        options,
      );
    } catch (error) {
      failures.push((error as Error).message);
      return answerError(res, request, service, 'IamProxyFailure', (error as Error).message);
    }
    const caller = scope && options.callerOf(scope.accessKeyId);
    let verdicts: (EvaluationResult | undefined)[];
    try {
      verdicts = caller
        ? await Promise.all(authorizations.map((authorization) => evaluate(caller, authorization)))
        : authorizations.map(() => undefined);
    } catch (error) {
      failures.push((error as Error).message);
      return answerError(res, request, service, 'IamProxyFailure', (error as Error).message);
    }
    authorizations.forEach(({ action, resource }, index) =>
      decisions.push({
        caller: caller?.name ?? scope?.accessKeyId ?? '(unsigned)',
        action,
        resource,
        allowed: verdicts[index] === 'Allowed',
      }),
    );
    const denied = verdicts.findIndex((verdict) => verdict !== 'Allowed');
    if (denied === -1) {
      const fault = service === 'dynamodb' ? dynamoDbFault(request, body) : undefined;
      if (fault && fault !== 'timeoutAfterWrite') {
        const items = fault === 'transactionConflict' ? JSON.parse(body.toString()).TransactItems.length : 1;
        const answer = wireAnswer(fault, 'DYNAMODB', options.faults!, items);
        return void res.writeHead(answer.statusCode, answer.headers).end(answer.body);
      }
      return pass(request, body, res, false, fault === 'timeoutAfterWrite');
    }
    const user = caller ? sessionArn(caller) : `the unknown access key ${scope?.accessKeyId ?? '(unsigned)'}`;
    const code = protocols[service] === 'restXml' ? 'AccessDenied' : 'AccessDeniedException';
    answerError(res, request, service, code, denialMessage(user, authorizations[denied]!, verdicts[denied]));
  };

  const server = createServer((request, res) => {
    handle(request, res).catch((error: Error) => {
      failures.push(error.message);
      if (!res.headersSent) res.writeHead(400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    decisions,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
