// An integrator's client: types generated from docs/openapi.json by openapi-typescript, calls made with
// openapi-fetch. `npm run typecheck` proves the answers are typed (not unknown); this file proves the
// local stack answers what those types promise.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../docs/openapi-types.d.ts';
import { checkAnswer } from './support/answer-check.ts';
import { demo, useTestStack } from './support/test-stack.ts';

const given = useTestStack();

/** Every answer the typed client receives is also held to the route's contract. */
const contractCheck: Middleware = {
  async onResponse({ request, response }) {
    const text = await response.clone().text();
    checkAnswer(
      request.method,
      new URL(request.url).pathname,
      response.status,
      text ? JSON.parse(text) : undefined,
      response.headers,
    );
  },
};

function typedClient() {
  const api = createClient<paths>({ baseUrl: given.stack.url });
  api.use(contractCheck);
  return api;
}

describe('a client generated from the OpenAPI document', () => {
  it('signs in and reads the user, the sports and the weeks through the generated types', async () => {
    const api = typedClient();
    const signedIn = await api.POST('/Services/token', {
      body: { login: 'alex', password: demo.password, domain: demo.domain },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signedIn.error).toBeUndefined();
    const token = signedIn.data!.access_token;
    const headers = { authorization: `Bearer ${token}` };

    const user = await api.GET('/Services/user', { headers });
    expect(user.data).toMatchObject({ login: 'alex', client: expect.any(String) });
    expect(user.response.headers.get('x-request-id')).toBeTruthy();

    const sports = await api.GET('/Services/api/Client/sport-list', { headers });
    const nfl = sports.data!.find((sport) => sport.sportName === 'NFL');
    expect(nfl).toBeDefined();

    const weeks = await api.GET('/Services/api/Bet/week-list', {
      params: { query: { sportId: nfl!.sportId } },
      headers,
    });
    expect(weeks.response.status).toBe(200);
    expect(weeks.data!.length).toBeGreaterThan(0);
  });

  it('types a refusal as the Error answer, with the request id the caller gave', async () => {
    const api = typedClient();
    const refused = await api.GET('/Services/user', { headers: { 'x-correlation-id': 'integrator-42' } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: expect.any(String), requestId: 'integrator-42' });
    expect(refused.response.headers.get('x-request-id')).toBe('integrator-42');
  });
});
