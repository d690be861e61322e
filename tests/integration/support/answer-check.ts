// Every answer an integration test receives is held to the API's description: a route's success has the
// contract's status and answer schema (the schema the OpenAPI document is generated from) and no field it does not
// name, and a refusal is one of the route's documented refusals with the Error shape. A second validator, Ajv,
// then holds the answer to docs/openapi.json itself, as an integrator's would: its body to the document's schema,
// and, where the caller has them, its headers to the ones the document says are always sent. A mismatch fails
// the test that called.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as z from 'zod/mini';
import { type Contract, refusalsOf } from '#domain/contracts/contract.ts';
import { type RouteName, routes } from '../../../functions/http/routes.ts';

const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.optional(
    z.union([z.array(z.object({ field: z.string(), message: z.string() })), z.record(z.string(), z.unknown())]),
  ),
  requestId: z.string(),
});

/** Statuses no route documents: the gateway's own (a body over the 6 MB a Lambda function takes). */
const gatewayStatuses = new Set([413]);

const routeOf = (method: string, path: string) =>
  (Object.keys(routes) as RouteName[]).find(
    (name) => routes[name].method === method && routes[name].path === path.split('?')[0],
  );

function problem(what: string, body: unknown, issues?: z.core.$ZodIssue[]) {
  const where = issues?.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
  return new Error(`${what}${where ? ` (${where})` : ''}: ${JSON.stringify(body).slice(0, 400)}`);
}

const document = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'));
const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(document, 'openapi');

type Documented = { $ref?: string; headers?: Record<string, { $ref?: string; required?: boolean }>; content?: object };
const pointer = (...parts: string[]) =>
  parts.map((part) => `/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
const at = (reference: string) =>
  reference
    .slice(2)
    .split('/')
    .reduce((node, part) => node[part.replaceAll('~1', '/').replaceAll('~0', '~')], document);

/** Where the answer differs from the response docs/openapi.json gives for its operation and status. */
function documentProblems(name: RouteName, status: number, body: unknown, headers?: Headers) {
  const { method, path } = routes[name];
  let where = pointer('paths', path, method.toLowerCase(), 'responses', String(status));
  let response: Documented = at(`#${where}`);
  if (response.$ref) [where, response] = [response.$ref.slice(1), at(response.$ref)];
  const problems = Object.entries(headers ? (response.headers ?? {}) : {})
    .filter(([header, spec]) => (spec.$ref ? at(spec.$ref) : spec).required && !headers!.has(header))
    .map(([header]) => `no ${header} header`);
  const [mediaType] = Object.keys(response.content ?? {});
  if (mediaType) {
    const validate = ajv.getSchema(`openapi#${where}${pointer('content', mediaType, 'schema')}`)!;
    if (!validate(body))
      problems.push(
        ...validate.errors!.map(
          (e: { instancePath: string; message?: string }) => `${e.instancePath || '(answer)'} ${e.message}`,
        ),
      );
  }
  return problems;
}

/** Throws when the answer is not the one the route's contract and docs/openapi.json describe. */
export function checkAnswer(method: string, path: string, status: number, body: unknown, headers?: Headers): void {
  const name = routeOf(method, path);
  if (!name || gatewayStatuses.has(status)) return;
  checkContract(name, method, path, status, body);
  const problems = status === 304 ? [] : documentProblems(name, status, body, headers);
  if (problems.length)
    throw problem(
      `${method} ${path.split('?')[0]} answered ${status}, not as docs/openapi.json says (${problems.join('; ')})`,
      body,
    );
}

function checkContract(name: RouteName, method: string, path: string, status: number, body: unknown) {
  const route = routes[name];
  const contract: Contract = route.contract;
  if (status === 304 && contract.revalidates) return;
  const label = `${method} ${path.split('?')[0]} answered ${status}`;
  const answerFits = status === contract.response.status || (status === 503 && contract.answersDegraded);
  if (answerFits) {
    const parsed = z.safeParse(contract.response.schema, body);
    if (!parsed.success) throw problem(`${label}, not its contract's answer`, body, parsed.error.issues);
    const undocumented = lostFields(body, parsed.data, '(answer)');
    if (undocumented.length)
      throw problem(`${label} with fields its contract does not name (${undocumented.join(', ')})`, body);
    return;
  }
  if (!refusalsOf(contract, route.access === 'public').includes(status))
    throw problem(`${label}, which ${name}'s contract does not document`, body);
  const parsed = z.safeParse(errorBody, body);
  if (!parsed.success) throw problem(`${label}, not the Error shape`, body, parsed.error.issues);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where `sent` holds fields its parsed form lost: the answer's parts the document does not describe. */
function lostFields(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, index) => lostFields(item, parsed[index], `${path}[${index}]`));
  if (!isObject(sent) || !isObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed ? lostFields(sent[key], parsed[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}
