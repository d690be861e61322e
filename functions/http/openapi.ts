// The OpenAPI 3.1 description of the /Services API, generated from the contracts and the routes'
// guards, so the document cannot drift from what the server parses.
import * as z from 'zod/mini';
import { serverTimeHeader } from '#domain/contracts/server-time.ts';
import { type Permission, permissionNames } from '#domain/auth/permissions.ts';
import { type Contract, refusalsOf, takesRequestKey } from '#domain/contracts/contract.ts';
import { answerExamples, contractExamples } from '#domain/contracts/examples.ts';
import { type Area, areas, type RouteName, routes } from './routes.ts';

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

const refusalReasons: Record<number, string> = {
  400: 'The input is invalid (`details` lists every invalid field) or could not be read',
  401: 'No valid token: sign in again',
  403: 'The caller lacks a permission this call needs, or the request did not come through the site',
  404: 'Something the call names does not exist for the caller',
  409: 'The change conflicts with the current state (e.g. a login taken, a game started, a line changed), or its `Idempotency-Key` was sent with another change (`REQUEST_KEY_REUSED`) or its change is still being made (`REQUEST_RUNNING`)',
  429: 'Too many attempts: wait the `retry-after` seconds',
  503: 'Busy: AWS stayed busy beyond the retries, the call ran out of time, or a system it depends on cannot answer now; try again after `retry-after` seconds',
};

const requestIdHeader = { 'x-request-id': { $ref: '#/components/headers/RequestId' } };
/** The headers of an answer the route gave (not a refusal). */
const answerHeaders = { ...requestIdHeader, [serverTimeHeader]: { $ref: '#/components/headers/ServerTime' } };

const jsonSchemaOf = (schema: z.ZodMiniType, io: 'input' | 'output') => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
};

function responsesOf(name: RouteName) {
  const contract: Contract = routes[name].contract;
  const { status, schema } = contract.response;
  const degraded = contract.answersDegraded
    ? {
        503: {
          description: 'Degraded: a check failed; the answer says which',
          headers: answerHeaders,
          content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
        },
      }
    : {};
  const notModified = contract.revalidates
    ? { 304: { description: 'Not modified: If-None-Match named the current ETag', headers: answerHeaders } }
    : {};
  const success =
    status === 204
      ? { description: 'Done', headers: answerHeaders }
      : contract.response.mediaType
        ? {
            description: 'The file, named by its Content-Disposition header',
            headers: answerHeaders,
            content: { [contract.response.mediaType]: { schema: { type: 'string' } } },
          }
        : {
            description: 'The answer',
            headers: answerHeaders,
            content: {
              'application/json': {
                schema: jsonSchemaOf(schema, 'output'),
                ...(answerExamples[name] !== undefined && { example: answerExamples[name] }),
              },
            },
          };
  return {
    [status]: success,
    ...notModified,
    ...Object.fromEntries(
      refusalsOf(contract, routes[name].access === 'public').map((code) => [
        code,
        { $ref: `#/components/responses/Refused${code}` },
      ]),
    ),
    ...degraded,
  };
}

function operation(name: RouteName) {
  const route = routes[name];
  const contract: Contract = route.contract;
  const schema = jsonSchemaOf(contract.request, 'input');
  const example: unknown = contractExamples[name];
  // A query's example is an object of its parameters' values.
  const exampleOf = (field: string) => (example as Record<string, unknown> | undefined)?.[field];
  const input =
    contract.input === 'query'
      ? {
          parameters: Object.entries(schema.properties ?? {}).map(([field, fieldSchema]) => ({
            name: field,
            in: 'query',
            required: schema.required?.includes(field) ?? false,
            schema: fieldSchema,
            ...(exampleOf(field) !== undefined && { example: exampleOf(field) }),
          })),
        }
      : {
          requestBody: {
            required: true,
            content: {
              [contract.input === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema,
                ...(example !== undefined && { example }),
              },
            },
          },
        };
  return {
    operationId: name,
    summary: contract.summary,
    tags: [route.area],
    ...(route.access === 'public' ? { security: [] } : {}),
    description: accessOf(route.access),
    ...input,
    ...(takesRequestKey(contract, route.access === 'public') && {
      parameters: [
        ...(('parameters' in input && input.parameters) || []),
        { $ref: '#/components/parameters/RequestKey' },
      ],
    }),
    responses: responsesOf(name),
  };
}

/** Who may call an operation, said on every one (an integrator reads it before the first 401 or 403). */
function accessOf(access: (typeof routes)[RouteName]['access']) {
  if (access === 'public') return 'Public: no token needed.';
  const named = (codes: readonly Permission[]) => codes.map((code) => `${code} ${permissionNames[code]}`).join(', ');
  if ('anyOf' in access) return `Needs one of the permissions: ${named(access.anyOf)}.`;
  if (access.length === 0) return "Any signed-in user; it acts on the caller's own client.";
  return `Needs the permissions: ${named(access)}.`;
}

const areaDescriptions: Record<Area, string> = {
  auth: 'Sign-in, the current user and passwords',
  users: 'Sign-up, profiles and the user list',
  catalogue: 'Sports, weeks, seasons and teams',
  bets: 'Bet slips and the games they are placed on',
  leaderboard: 'The leaderboard, the season chart and the stats card',
  imports: 'The sports-data imports, hand edits of teams and sports, closing a week and the status of any job',
  admin: 'Clients, their sports, prizes, integration methods, roles, invites, announcements and messages',
  spreads: "Spreads: the affiliates' lines and the client's manual ones",
  processes: 'The recurring jobs and their schedules',
  health: 'Whether the API can serve',
};

const errorSchema = {
  type: 'object',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string', description: 'The text to show' },
    code: { type: 'string', description: 'The reason, for programs' },
    details: {
      description: 'A 400 lists every invalid field; other refusals may name the facts behind them',
      oneOf: [
        {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
        { type: 'object', additionalProperties: true },
      ],
    },
    requestId: { type: 'string', description: 'The x-request-id of the answer: quote it when reporting a problem' },
  },
};

function refusalResponses() {
  const retryAfter = {
    'retry-after': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer' } },
  };
  return Object.fromEntries(
    Object.entries(refusalReasons).map(([code, description]) => [
      `Refused${code}`,
      {
        description,
        headers: { ...requestIdHeader, ...(code === '429' || code === '503' ? retryAfter : {}) },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(routes) as RouteName[]) {
    const { method, path } = routes[name];
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation(name) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: "Pick'em API",
      version: '1',
      description:
        "The /Services calls of every tenant site. Each answer carries an `x-request-id` (the caller's `x-correlation-id` when it sends one); refusals are `{error, code, details?, requestId}`.",
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: "Pick'em support", email: 'support@pickem.example.com' },
    },
    servers: [
      {
        url: 'https://{tenant}.{baseDomain}',
        // The variables are explained here, not in their own `description`: the OpenAPI 3.1 JSON Schema that
        // swagger-parser validates against spells that field `descriptions` and refuses the right one.
        description:
          "A tenant's site: `tenant` is the client's domain, `baseDomain` the deployment's PUBLIC_BASE_DOMAIN (locally http://localhost:3000)",
        variables: { tenant: { default: 'demo' }, baseDomain: { default: 'pickem.localhost' } },
      },
    ],
    security: [{ bearer: [] }],
    tags: areas.map((area) => ({ name: area, description: areaDescriptions[area] })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access_token POST /Services/token answers',
        },
      },
      headers: {
        RequestId: {
          description: "The request's id: the caller's x-correlation-id when it sent one, else the server's",
          required: true,
          schema: { type: 'string' },
        },
        ServerTime: {
          description:
            "The server's clock when it answered (an ISO instant): the web app takes the current week, the bonus " +
            "days and what has kicked off from it, not from the device's clock",
          required: true,
          schema: { type: 'string', format: 'date-time' },
        },
      },
      parameters: {
        RequestKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A key the caller makes per change (16 to 64 letters, digits, - or _) and sends again when it asks again after no answer or a 5xx: the change is made at most once per user and key, and asked again answers what it answered (kept for a day)',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' },
        },
      },
      responses: refusalResponses(),
      schemas: { Error: errorSchema },
    },
  };
}

export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;
