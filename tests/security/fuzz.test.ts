// Every route fed garbage: malformed JSON, wrong content types, missing fields, each field of its
// contract's schema replaced by wrong types, boundary and huge numbers, long and control-character
// strings, lists and objects instead of scalars, 1 MB bodies. No answer is a 5xx, every error answer
// is JSON {error, code}, and a refused request writes nothing: no item of the events or state table is
// put, changed or deleted from its sending until the stack settles after it, but the sign-in throttle's
// record of a failed password (docs/rules.md, Sign-in throttle) and the id counters (an id drawn is never
// given back).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, clientManagementPermissions } from '#domain/auth/permissions.ts';
import type { Client } from '#domain/auth/user.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { loadWeek } from '../../functions/betting/slip-service.ts';
import { type RouteName, routes } from '../../functions/http/routes.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { getUser } from '../../functions/store/users.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { type Field, fieldsOf, sampleInput, type SampleCaller } from './support/contract-shape.ts';
import { callRoute, type ProbeAnswer, type RouteCall, routeNames } from './support/probe-routes.ts';
import { countWrites } from './support/probe-tables.ts';
import { currentWeekId, type Member, memberWith, nfl, probeToken } from './support/probe-tenants.ts';
import { startProbeStack } from './support/probe-world.ts';

let stack: LocalStack;
let baseUrl: string;
let demo: Client;
let caller: Member;
/** A member of the system client holding every permission: the client-management routes' caller. */
let sysadmin: Member;
let sample: SampleCaller;
let writes: () => number;

beforeAll(async () => {
  ({ stack, demo, baseUrl } = await startProbeStack());
  writes = countWrites(stack.deps, ['events', 'state'], (pk) => pk.startsWith('THROTTLE#') || pk === 'COUNTER');
  const permissions = allPermissions.filter((code) => !clientManagementPermissions.includes(code));
  caller = await memberWith(stack.deps, demo, permissions, { login: 'fuzz-caller' });
  const system = await findClientByDomain(stack.deps, systemDomain);
  sysadmin = await memberWith(stack.deps, system!, allPermissions, { login: 'fuzz-sysadmin' });
  const view = await loadWeek(stack.deps, { clientId: demo.id, sportId: nfl, weekId: currentWeekId });
  const open = [...view.facts.values()].find((game) => isOpenForPicks(game, stack.deps.clock.now()))!;
  const job = await callRoute(baseUrl, 'importScores', { input: { sportId: nfl }, token: caller.token });
  await stack.settled();
  sample = {
    userId: caller.user.id,
    login: caller.user.login,
    gameId: open.id,
    teamId: open.homeTeamId,
    jobId: job.body.jobId,
  };
});
afterAll(() => stack?.close());

const megabyte = 1024 * 1024;
const badValues: [string, unknown][] = [
  ['0', 0],
  ['-1', -1],
  ['1e308', 1e308],
  ['2**53', 2 ** 53],
  ['-2**53', -(2 ** 53)],
  ['1.5', 1.5],
  ["'NaN'", 'NaN'],
  ["'Infinity'", 'Infinity'],
  ["'1e308'", '1e308'],
  ["'99999999999999999999999'", '99999999999999999999999'],
  ['empty text', ''],
  ['blank text', '   '],
  ['10 kB text', 'a'.repeat(10_000)],
  ['2,100 characters', 'a'.repeat(2_100)],
  ['NUL', 'a\u0000b'],
  ['ESC', '\u001b[31mred'],
  ['U+202E', 'abc\u202Egpj.exe'],
  ['lone surrogate', 'a\uD800b'],
  ['<script>', '<script>alert(1)</script>'],
  ['quote', "' OR '1'='1"],
  ['list', ['1', '2']],
  ['empty list', []],
  ['object', { a: 1 }],
  ['null', null],
  ['true', true],
];

interface FuzzCase {
  label: string;
  call: RouteCall;
}

function fieldCases(name: RouteName, base: Record<string, unknown>, field: Field): FuzzCase[] {
  const cases: FuzzCase[] = badValues.map(([label, value]) => ({
    label: `${field.name}=${label}`,
    call: { input: { ...base, [field.name]: value } },
  }));
  if (field.kind === 'list') {
    const bet = { gameId: sample.gameId, teamId: sample.teamId, points: 10 };
    for (const key of ['gameId', 'teamId', 'points', 'pointSpread'])
      for (const [label, value] of badValues)
        cases.push({
          label: `${field.name}[0].${key}=${label}`,
          call: { input: { ...base, [field.name]: [{ ...bet, [key]: value }] } },
        });
    cases.push({
      label: `${field.name} of 10,000`,
      call: { input: { ...base, [field.name]: Array(10_000).fill(bet) } },
    });
    cases.push({ label: `${field.name}=[null]`, call: { input: { ...base, [field.name]: [null] } } });
  }
  if (field.name === 'date')
    for (const impossible of ['2025-13-01', '2025-02-30', '2025-00-10'])
      cases.push({ label: `date=${impossible}`, call: { input: { ...base, date: impossible } } });
  if (field.name === 'login')
    cases.push({ label: 'login of 2,100 login characters', call: { input: { ...base, login: 'a.b-c_'.repeat(350) } } });
  return cases;
}

function casesOf(name: RouteName): FuzzCase[] {
  const base = sampleInput(name, sample);
  const { contract } = routes[name];
  const cases: FuzzCase[] = [
    { label: 'missing fields', call: { input: {} } },
    { label: 'malformed JSON', call: { rawBody: '{"login": "x", ', contentType: 'application/json' } },
    { label: 'JSON list body', call: { rawBody: '[1,2,3]', contentType: 'application/json' } },
    { label: 'JSON null body', call: { rawBody: 'null', contentType: 'application/json' } },
    { label: 'JSON number 1e400', call: { rawBody: '1e400', contentType: 'application/json' } },
    {
      label: 'JSON with __proto__',
      call: {
        rawBody: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(base).slice(1)}`,
        contentType: 'application/json',
      },
    },
    { label: 'text/plain body', call: { rawBody: JSON.stringify(base), contentType: 'text/plain' } },
    { label: 'XML body', call: { rawBody: '<a><b>1</b></a>', contentType: 'application/xml' } },
    {
      label: 'broken multipart',
      call: {
        rawBody: '--x\r\nContent-Disposition: form-data\r\n\r\nzz',
        contentType: 'multipart/form-data; boundary=x',
      },
    },
    { label: 'multipart without boundary', call: { rawBody: 'zz', contentType: 'multipart/form-data' } },
    {
      label: 'form body labelled JSON',
      call: { rawBody: new URLSearchParams({ a: '1' }).toString(), contentType: 'application/json' },
    },
    {
      label: 'JSON body labelled form',
      call: { rawBody: JSON.stringify(base), contentType: 'application/x-www-form-urlencoded' },
    },
    { label: 'no content type', call: { rawBody: JSON.stringify(base) } },
    {
      label: 'broken percent-encoding in the query',
      call: { input: base, rawQuery: 'login=%E0%A4%A&id=%ED%A0%80&sportId=%00&x[=1' },
    },
    {
      label: 'broken percent-encoding in a form',
      call: {
        rawBody: 'login=%E0%A4%A&id=%ED%A0%80&sportId=%00&x[=1',
        contentType: 'application/x-www-form-urlencoded',
      },
    },
    { label: 'repeated keys', call: { rawQuery: 'sportId=33&sportId=35&id=1&id=2', input: base } },
    {
      label: 'gzip body that is not gzip',
      call: { rawBody: 'not gzip', contentType: 'application/json', headers: { 'content-encoding': 'gzip' } },
    },
  ];
  if (contract.input === 'query') {
    cases.push({ label: '10 kB query', call: { rawQuery: `q=${'a'.repeat(10_000)}` } });
  } else {
    cases.push({
      label: '1 MB field',
      call: { input: { ...base, [fieldsOf(name)[0]?.name ?? 'x']: 'a'.repeat(megabyte) } },
    });
    cases.push({
      label: '1 MB JSON list',
      call: { rawBody: `[${'1,'.repeat(megabyte / 2)}1]`, contentType: 'application/json' },
    });
    cases.push({
      label: '1 MB form',
      call: { rawBody: `a=${'b'.repeat(megabyte)}`, contentType: 'application/x-www-form-urlencoded' },
    });
  }
  for (const field of fieldsOf(name)) cases.push(...fieldCases(name, base, field));
  return cases;
}

/** A refused request must write nothing; a refused sign-in records the failure for the throttle by rule. */
const isRefused = (name: RouteName, status: number) =>
  status >= 400 && status < 500 && !(name === 'signIn' && status === 401);

/** The writes so far, once what earlier requests started (jobs, projections) has finished. */
const settledWrites = async () => {
  await stack.settled();
  return writes();
};

const summary = { cases: 0, serverErrors: 0, refused: 0, accepted: 0, unauthenticated: 0, writesAccepted: 0 };

/**
 * Sends a case as the member. An accepted request may end the member's sessions (a password change raises
 * the token version), so the member then goes on with a token at the current version.
 */
async function send(name: RouteName, call: RouteCall, as: Member) {
  const answer = await callRoute(baseUrl, name, { ...call, token: as.token });
  if (answer.status < 400)
    as.token = await probeToken(stack.deps, (await getUser(stack.deps, as.user.clientId, as.user.id))!);
  return answer;
}

function problemsOf(name: RouteName, label: string, answer: ProbeAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
  if (answer.status >= 400) {
    const body = answer.body as { error?: unknown; code?: unknown } | undefined;
    if (!answer.isJson || typeof body?.error !== 'string' || typeof body?.code !== 'string')
      problems.push(`${label}: ${answer.status} answer is not JSON {error, code}: ${answer.text.slice(0, 160)}`);
  }
  return problems;
}

/** Every case of the route sent as the member: what is wrong with the answers and with what refusals wrote. */
async function fuzzProblems(name: RouteName, as: Member): Promise<string[]> {
  const problems: string[] = [];
  const statuses: number[] = [];
  // Each case's writes are counted from where the one before settled: nothing runs between two cases.
  let before = await settledWrites();
  for (const { label, call } of casesOf(name)) {
    const answer = await send(name, call, as);
    const after = await settledWrites();
    const wrote = after - before;
    before = after;
    const refused = isRefused(name, answer.status);
    summary.cases += 1;
    if (answer.status >= 500) summary.serverErrors += 1;
    if (answer.status === 401) summary.unauthenticated += 1;
    if (refused) summary.refused += 1;
    else {
      summary.accepted += 1;
      summary.writesAccepted += wrote;
    }
    problems.push(...problemsOf(name, label, answer));
    if (refused && wrote > 0) problems.push(`${label}: refused with ${answer.status} but wrote ${wrote} items`);
    statuses.push(answer.status);
  }
  if (routes[name].access !== 'public' && statuses.every((status) => status === 401))
    problems.push(`every case answered 401: the fuzz never got past the access guard`);
  return problems;
}

/** The routes only a system administrator passes: the client caller meets their guard, so they are fuzzed again. */
const clientManagementRoutes = routeNames.filter((name) => {
  const { access } = routes[name];
  if (access === 'public') return false;
  return ('anyOf' in access ? access.anyOf : access).some((code) => clientManagementPermissions.includes(code));
});

describe('fuzz per route', () => {
  it.each(routeNames)('%s: no 5xx, errors are JSON {error, code}, refused requests write nothing', async (name) => {
    expect(await fuzzProblems(name, caller)).toEqual([]);
  });

  // Last, as a fuzzed Client/delete may take the demo client with it.
  it.each(clientManagementRoutes)('%s as a system administrator: the same past the guard', async (name) => {
    expect(await fuzzProblems(name, sysadmin)).toEqual([]);
  });

  it('reports the cases tried', () => {
    console.log(
      `fuzz: ${summary.cases} cases over ${routeNames.length} routes; ${summary.refused} refused (${summary.unauthenticated} with 401), ${summary.accepted} accepted (writing ${summary.writesAccepted} items), ${summary.serverErrors} answers ≥ 500`,
    );
    expect(summary.cases).toBeGreaterThan(routeNames.length * 20);
    // The write count sees the stack's writes: a refused request's zero is not a blind one.
    expect(summary.writesAccepted).toBeGreaterThan(0);
  });
});
