// Every protected route called by tenant A's admin (every permission but managing clients) with
// tenant B's ids in the body and the query (userId, clientId, weekId of B's slips, B's bet and job
// ids, the affiliate only B plays at and the manual line there) and with B's host forged in Host and
// X-Forwarded-Host: no answer carries B's data, and B's items in the events, state and views tables (and the
// manual lines at B's affiliate) are the same after as before: scanned once, then every item a write touched since
// (every write goes through the stack's one database client) is read again.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, clientManagementPermissions, Permission } from '#domain/auth/permissions.ts';
import type { Client } from '#domain/auth/user.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { loadWeek } from '../../functions/betting/slip-service.ts';
import type { RouteName } from '../../functions/http/routes.ts';
import { getUser } from '../../functions/store/users.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { fieldsOf, sampleInput, type SampleCaller } from './support/contract-shape.ts';
import { callRoute, type ProbeAnswer, protectedRoutes } from './support/probe-routes.ts';
import { itemText, scanTable, writtenKeys } from './support/probe-tables.ts';
import { currentWeekId, type Member, memberWith, nfl, probeToken } from './support/probe-tenants.ts';
import { createRivalTenant, startProbeStack, type Tenant } from './support/probe-world.ts';

let stack: LocalStack;
let baseUrl: string;
let demo: Client;
let rival: Tenant;
let intruder: Member;
let intruderSample: SampleCaller;

const intruderPermissions = allPermissions.filter((code) => !clientManagementPermissions.includes(code));

beforeAll(async () => {
  ({ stack, demo, baseUrl } = await startProbeStack());
  rival = await createRivalTenant(stack, baseUrl, companyAdminPermissions);
  intruder = await memberWith(stack.deps, demo, intruderPermissions, { login: 'tm-intruder' });
  const view = await loadWeek(stack.deps, { clientId: demo.id, sportId: nfl, weekId: currentWeekId });
  const open = [...view.facts.values()].find((game) => isOpenForPicks(game, stack.deps.clock.now()))!;
  const job = await callRoute(baseUrl, 'importScores', { input: { sportId: nfl }, token: intruder.token });
  await stack.settled();
  intruderSample = {
    userId: intruder.user.id,
    login: intruder.user.login,
    gameId: open.id,
    teamId: open.homeTeamId,
    jobId: job.body.jobId,
  };
});
afterAll(() => stack?.close());

/** B's values for a field of a request. */
function rivalValues(field: string, kind: string): unknown[] {
  const userIds = rival.members.map((member) => member.user.id);
  if (field === 'userId') return userIds;
  if (field === 'clientId') return [rival.client.id];
  if (field === 'weekId') return [currentWeekId];
  if (field === 'id') return kind === 'text' ? rival.betIds : [...userIds, ...rival.jobIds, ...rival.ownedIds];
  if (field === 'roleId') return rival.members.map((member) => member.user.roleId);
  if (field === 'handicapId') return rival.lineIds;
  if (field === 'affiliateId') return [rival.affiliateId];
  return [];
}

interface Case {
  label: string;
  input: Record<string, unknown>;
  rawQuery?: string;
  headers?: Record<string, string>;
}

function casesOf(name: RouteName): Case[] {
  const base = sampleInput(name, intruderSample);
  const cases: Case[] = [];
  const all: Record<string, unknown> = {};
  for (const field of fieldsOf(name)) {
    for (const value of rivalValues(field.name, field.kind)) {
      cases.push({ label: `${field.name}=${value}`, input: { ...base, [field.name]: value } });
      all[field.name] ??= value;
    }
  }
  // B's ids in the query string of a body route, and every B id at once.
  const idQuery = new URLSearchParams({
    clientId: String(rival.client.id),
    userId: String(rival.members[1]!.user.id),
    id: String(rival.members[1]!.user.id),
  }).toString();
  cases.push({ label: 'B ids in the query', input: base, rawQuery: idQuery });
  if (Object.keys(all).length) cases.push({ label: 'every B id', input: { ...base, ...all } });
  const port = new URL(baseUrl).port;
  const forgedHeaders: Record<string, string>[] = [
    { host: `${rival.client.domain}.localhost:${port}` },
    { 'x-forwarded-host': `${rival.client.domain}.pickem.example.com` },
    { host: `${rival.client.domain}.localhost:${port}`, 'x-forwarded-host': `${rival.client.domain}.example.com` },
  ];
  for (const headers of forgedHeaders) {
    cases.push({ label: `forged ${Object.keys(headers).join('+')}`, input: base, headers });
    if (Object.keys(all).length)
      cases.push({
        label: `every B id, forged ${Object.keys(headers).join('+')}`,
        input: { ...base, ...all },
        headers,
      });
  }
  return cases;
}

const rivalWords = () =>
  rival.members
    .flatMap(({ user }) => [user.firstName, user.lastName, user.login, user.emailAddress])
    .concat(rival.client.name, ...rival.settingTexts);

/** Places in a successful answer where one of B's ids stands as a value. */
function rivalIdsIn(body: unknown, path = ''): string[] {
  const userIds = new Set(rival.members.map((member) => member.user.id));
  const betIds = new Set(rival.betIds);
  const jobIds = new Set(rival.jobIds);
  const ownedIds = new Set(rival.ownedIds);
  if (Array.isArray(body)) return body.flatMap((item, index) => rivalIdsIn(item, `${path}[${index}]`));
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const at = `${path}.${key}`;
    const hit =
      (/^(userId|id|actorId)$/.test(key) && userIds.has(value as number)) ||
      (/^(id|roleId|handicapId)$/.test(key) && ownedIds.has(value as number)) ||
      (key === 'clientId' && value === rival.client.id) ||
      (/^(id|betId)$/.test(key) && betIds.has(value as string)) ||
      (key === 'jobId' && jobIds.has(value as number));
    return [...(hit ? [`${at}=${String(value)}`] : []), ...rivalIdsIn(value, at)];
  });
}

// B's items, and the manual lines at the affiliate only B plays at (those only B's players see).
const belongsToRival = (item: Record<string, unknown>, clientId: number) =>
  new RegExp(`(^|#)${clientId}(#|$)`).test(String(item.PK)) ||
  item.clientId === clientId ||
  (item.affiliateId === rival.affiliateId && item.handicapId !== undefined);

const tables = ['events', 'state', 'views'] as const;
/** B's items as texts by table and key: scanned once, then kept from the keys every write since names. */
let rivalItems: Map<string, string> | undefined;
let written: ReturnType<typeof writtenKeys>;

async function rivalSnapshot() {
  await stack.settled();
  const keep = (id: string, table: string, item: Record<string, unknown> | undefined) => {
    if (item && belongsToRival(item, rival.client.id)) rivalItems!.set(id, `${table} ${itemText(item)}`);
    else rivalItems!.delete(id);
  };
  if (!rivalItems) {
    written = writtenKeys(stack.deps);
    rivalItems = new Map();
    for (const table of tables)
      for (const item of await scanTable(stack.deps, table))
        keep(JSON.stringify([table, item.PK, item.SK]), table, item);
  } else
    await Promise.all(
      written().map(async ({ table, PK, SK }) => {
        const { Item } = await stack.deps.db.send(
          new GetCommand({ TableName: stack.deps.tables[table], Key: { PK, SK }, ConsistentRead: true }),
        );
        keep(JSON.stringify([table, PK, SK]), table, Item);
      }),
    );
  return [...rivalItems.values()].sort();
}

const tried: string[] = [];
/** B's items after the last route probed: the next route's "before", as nothing else runs between two routes. */
let lastSnapshot: string[] | undefined;

describe('tenant × route matrix', () => {
  it('tenant B has users, bets and a job to probe for', async () => {
    expect(rival.betIds.length).toBeGreaterThanOrEqual(3);
    const own = await callRoute(baseUrl, 'betList', { input: { sportId: nfl }, token: rival.members[1]!.token });
    expect(own.body.data.filter((row: { id: string | null }) => row.id).length).toBeGreaterThan(0);
    expect(
      (await callRoute(baseUrl, 'jobStatus', { input: { id: rival.jobIds[0] }, token: rival.members[0]!.token }))
        .status,
    ).toBe(200);
    expect(intruder.user.clientId).toBe(demo.id);
    expect(intruderPermissions).not.toContain(Permission.ViewClients);
  });

  it.each(protectedRoutes)('%s called by A with B ids and B host reads and writes nothing of B', async (name) => {
    const before = lastSnapshot ?? (await rivalSnapshot());
    lastSnapshot = undefined;
    const leaks: string[] = [];
    const words = rivalWords();
    for (const probe of casesOf(name)) {
      const answer: ProbeAnswer = await callRoute(baseUrl, name, {
        input: probe.input,
        rawQuery: probe.rawQuery,
        headers: probe.headers,
        token: intruder.token,
      });
      tried.push(`${name} ${probe.label} → ${answer.status}`);
      // An accepted password change ends the intruder's other sessions: go on at the new token version.
      if (answer.status < 400)
        intruder.token = await probeToken(stack.deps, (await getUser(stack.deps, demo.id, intruder.user.id))!);
      if (answer.status === 401) leaks.push(`${probe.label}: 401, the probe never got past the access guard`);
      if (answer.status >= 500) leaks.push(`${probe.label}: ${answer.status} ${answer.text.slice(0, 200)}`);
      for (const word of words)
        if (answer.text.includes(word)) leaks.push(`${probe.label}: answer names B's '${word}'`);
      if (answer.status < 300)
        for (const place of rivalIdsIn(answer.body)) leaks.push(`${probe.label}: answer holds B's id at ${place}`);
    }
    const after = await rivalSnapshot();
    lastSnapshot = after;
    expect(leaks).toEqual([]);
    expect(
      after.filter((text) => !before.includes(text)),
      "B's items added or changed",
    ).toEqual([]);
    expect(
      before.filter((text) => !after.includes(text)),
      "B's items removed or changed",
    ).toEqual([]);
  });

  it('reports the cases tried', () => {
    console.log(`tenant matrix: ${protectedRoutes.length} routes, ${tried.length} calls by A with B's ids or host`);
    console.log(tried.join('\n'));
    expect(tried.length).toBeGreaterThan(protectedRoutes.length);
  });
});
