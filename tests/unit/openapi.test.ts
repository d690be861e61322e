import { readFileSync } from 'node:fs';
import { openApiDocument, openApiText } from '../../functions/http/openapi.ts';
import { routes } from '../../functions/http/routes.ts';
import { openApiTypesFile, openApiTypesText } from '../../scripts/openapi-types.ts';

describe('the OpenAPI document', () => {
  it('docs/openapi.json is the one the contracts generate (run npm run openapi after changing a contract)', () => {
    expect(readFileSync('docs/openapi.json', 'utf8')).toBe(openApiText());
  });

  it('docs/openapi-types.d.ts is what openapi-typescript generates from it (the typed client test calls through it)', async () => {
    expect(readFileSync(openApiTypesFile, 'utf8')).toBe(
      await openApiTypesText(readFileSync('docs/openapi.json', 'utf8')),
    );
  });

  it('describes every route once, each with who may call it, public ones without the bearer token', () => {
    const { paths } = openApiDocument();
    const operations = Object.values(paths).flatMap(
      (byMethod) => Object.values(byMethod) as { operationId: string; security?: unknown[]; description?: string }[],
    );
    for (const operation of operations)
      expect(operation.description, operation.operationId).toMatch(
        /^(Public|Any signed-in user|Needs the permissions|Needs one of the permissions)/,
      );
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(routes).sort());
    const publicOnes = operations
      .filter((operation) => operation.security?.length === 0)
      .map((operation) => operation.operationId);
    expect(publicOnes.sort()).toEqual([
      'checkLogin',
      'health',
      'liveVersion',
      'register',
      'resetPassword',
      'sendPasswordLink',
      'signIn',
      'signUpRules',
    ]);
  });

  it("gives every operation its exact success status with the contract's answer schema, and its refusals with the Error schema", () => {
    const { paths } = openApiDocument();
    for (const byMethod of Object.values(paths)) {
      for (const operation of Object.values(byMethod) as { operationId: keyof typeof routes; responses: any }[]) {
        const route = routes[operation.operationId];
        const codes = Object.keys(operation.responses).map(Number);
        const successes = codes.filter((code) => code < 300);
        expect(successes, operation.operationId).toEqual([route.contract.response.status]);
        // A JSON answer is an object or a list; a file answer (the standings CSV) is text of its media type.
        const { mediaType } = route.contract.response;
        if (mediaType) expect(operation.responses[successes[0]!].content[mediaType].schema.type).toBe('string');
        else expect(operation.responses[successes[0]!].content['application/json'].schema.type).toMatch(/object|array/);
        expect(codes).toContain(400);
        expect(codes).toContain(403);
        expect(codes).toContain(503);
        if (route.access !== 'public') expect(codes).toContain(401);
        for (const code of codes.filter((code) => code >= 400 && !(code === 503 && route.contract.answersDegraded)))
          expect(operation.responses[code].$ref).toBe(`#/components/responses/Refused${code}`);
      }
    }
    expect(paths['/Services/api/User/create']!.post).toMatchObject({
      responses: {
        201: { content: { 'application/json': { schema: { required: expect.arrayContaining(['login']) } } } },
      },
    });
    expect(openApiDocument().components.responses.Refused503!.headers['retry-after']).toMatchObject({
      required: true,
      schema: { type: 'integer' },
    });
    expect(Object.keys((paths['/Services/token']!.post as { responses: object }).responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '503',
    ]);
  });
});
