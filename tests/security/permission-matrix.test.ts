// Every route of the route table against its access guard: without a token (or with a forged one)
// 401, with a role lacking any one of its permissions (or all of those it needs one of) 403, with a role holding
// exactly its permissions neither. Generated from functions/http/routes.ts, so a route added later is probed too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import type { Client } from '#domain/auth/user.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { loadWeek } from '../../functions/betting/slip-service.ts';
import { type RouteName, routes } from '../../functions/http/routes.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { sampleInput, type SampleCaller } from './support/contract-shape.ts';
import { callRoute, protectedRoutes, routeNames } from './support/probe-routes.ts';
import { checkAnswer } from '../integration/support/answer-check.ts';
import { currentWeekId, memberWith, nfl } from './support/probe-tenants.ts';
import { startProbeStack } from './support/probe-world.ts';

let stack: LocalStack;
let baseUrl: string;
let demo: Client;
let game: { gameId: number; teamId: number };
let demoJobId: number;

beforeAll(async () => {
  ({ stack, demo, baseUrl } = await startProbeStack());
  const view = await loadWeek(stack.deps, { clientId: demo.id, sportId: nfl, weekId: currentWeekId });
  const open = [...view.facts.values()].find((candidate) => isOpenForPicks(candidate, stack.deps.clock.now()))!;
  game = { gameId: open.id, teamId: open.homeTeamId };
  const loader = await memberWith(stack.deps, demo, [Permission.LoadGames], { login: 'pm-job-starter' });
  const started = await callRoute(baseUrl, 'importScores', { input: { sportId: nfl }, token: loader.token });
  demoJobId = started.body.jobId;
});
afterAll(() => stack?.close());

const accessOf = (name: RouteName) => routes[name].access;
/** Exactly what a route asks: all of its list, or the first of those it needs one of. */
const permissionsOf = (name: RouteName): readonly Permission[] => {
  const access = accessOf(name);
  if (access === 'public') return [];
  return 'anyOf' in access ? access.anyOf.slice(0, 1) : access;
};

async function callAs(name: RouteName, permissions: readonly Permission[], label: string) {
  const member = await memberWith(stack.deps, demo, permissions, { login: `pm-${name}-${label}`.toLowerCase() });
  const caller: SampleCaller = { userId: member.user.id, login: member.user.login, jobId: demoJobId, ...game };
  return callRoute(baseUrl, name, { input: sampleInput(name, caller), token: member.token });
}

const exactAnswers: string[] = [];

// A route that needs one of some permissions lacks them all at once.
const lacking = protectedRoutes.flatMap((name) => {
  const access = accessOf(name);
  if (access !== 'public' && 'anyOf' in access) return [{ name, missing: access.anyOf.join(' or '), held: [] }];
  return permissionsOf(name).map((missing) => ({
    name,
    missing: `${missing}`,
    held: permissionsOf(name).filter((p) => p !== missing),
  }));
});

describe('permission × route matrix', () => {
  it.each(protectedRoutes)('%s without a token answers 401', async (name) => {
    const answer = await callRoute(baseUrl, name, {});
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it.each(protectedRoutes)('%s with a forged or malformed token answers 401', async (name) => {
    const forged = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwiY2lkIjoyLCJpc3MiOiJwaWNrZW0ifQ.'; /* alg none */
    for (const authorization of [`Bearer ${forged}`, 'Bearer x.y.z', 'Basic YWRtaW46cGlja2Vt', 'Bearer'])
      expect((await callRoute(baseUrl, name, { headers: { authorization } })).status, authorization).toBe(401);
  });

  it.each(lacking)('$name with a role lacking permission $missing answers 403', async ({ name, missing, held }) => {
    const answer = await callAs(name, held, `without-${missing}`);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it.each(routeNames)('%s with exactly its permissions answers neither 401 nor 403', async (name) => {
    const answer = await callAs(name, permissionsOf(name), 'exact');
    exactAnswers.push(`${name} ${answer.status}`);
    expect([401, 403], `${answer.status} ${answer.text.slice(0, 300)}`).not.toContain(answer.status);
    expect(answer.status).toBeLessThan(500);
    // Every operation, called as an integrator would: its status, headers and body are the ones docs/openapi.json
    // describes (two validators: the contract's schema, which answers nothing undocumented, and Ajv on the document).
    const { method, path } = routes[name];
    checkAnswer(method, path, answer.status, answer.isJson ? answer.body : answer.text || undefined, answer.headers);
  });

  it('covers every route of the route table', () => {
    const callers = protectedRoutes.length * 2 + lacking.length + routeNames.length;
    console.log(
      `permission matrix: ${routeNames.length} routes (${protectedRoutes.length} protected), ${callers} route × caller cases; with exact permissions: ${exactAnswers.join(', ')}`,
    );
    expect(new Set(routeNames)).toEqual(new Set(Object.keys(routes)));
  });
});
