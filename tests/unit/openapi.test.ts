import { readFileSync } from 'node:fs';
import { openApiDocument, openApiText } from '../../functions/http/openapi.ts';
import { routes } from '../../functions/http/routes.ts';

describe('the OpenAPI document', () => {
  it('docs/openapi.json is the one the contracts generate (run npm run openapi after changing a contract)', () => {
    expect(readFileSync('docs/openapi.json', 'utf8')).toBe(openApiText());
  });

  it('describes every route once, public ones without the bearer token', () => {
    const { paths } = openApiDocument();
    const operations = Object.values(paths).flatMap(
      (byMethod) => Object.values(byMethod) as { operationId: string; security?: unknown[] }[],
    );
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(routes).sort());
    const publicOnes = operations
      .filter((operation) => operation.security?.length === 0)
      .map((operation) => operation.operationId);
    expect(publicOnes.sort()).toEqual(['checkLogin', 'register', 'resetPassword', 'sendPasswordLink', 'signIn']);
  });
});
