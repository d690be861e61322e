// The OpenAPI 3.1 description of the /Services API, generated from the contracts and the routes'
// guards, so the document cannot drift from what the server parses.
import * as z from 'zod/mini';
import { permissionNames } from '#domain/auth/permissions.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { type RouteName, routes } from './routes.ts';

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

const errorAnswer = {
  description: 'Refused: `error` is the text to show, `code` names the reason, `details` lists every invalid field',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const requestSchema = (contract: Contract) =>
  z.toJSONSchema(contract.request, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

function operation(name: RouteName) {
  const route = routes[name];
  const contract: Contract = route.contract;
  const schema = requestSchema(contract);
  delete schema.$schema;
  const input =
    contract.input === 'query'
      ? {
          parameters: Object.entries(schema.properties ?? {}).map(([field, fieldSchema]) => ({
            name: field,
            in: 'query',
            required: schema.required?.includes(field) ?? false,
            schema: fieldSchema,
          })),
        }
      : {
          requestBody: {
            required: true,
            content: {
              [contract.input === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema },
            },
          },
        };
  return {
    operationId: name,
    summary: contract.summary,
    tags: [route.area],
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.access !== 'public' && route.access.length
      ? {
          description: `Needs the permissions: ${route.access.map((code) => `${code} ${permissionNames[code]}`).join(', ')}.`,
        }
      : {}),
    ...input,
    responses: { '2XX': { description: 'The answer', content: { 'application/json': {} } }, '4XX': errorAnswer },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(routes) as RouteName[]) {
    const { method, path } = routes[name];
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation(name) };
  }
  return {
    openapi: '3.1.0',
    info: { title: "Pick'em API", version: '1' },
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: {
            error: { type: 'string' },
            code: { type: 'string' },
            details: {
              type: 'array',
              items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
    },
  };
}

export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;
