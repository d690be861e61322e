// The security probes' world: the seeded local stack (tenant A is the demo client), a second tenant B
// with its own users, sport, bets and job, users holding any set of permissions, and a caller that
// sends any route of the route table over HTTP to 127.0.0.1 with its contract's encoding.
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { request as httpRequest } from 'node:http';
import { type Permission } from '#domain/auth/permissions.ts';
import { type Client, type Role, RoleType, type User, UserStatus } from '#domain/auth/user.ts';
import { isOpenForBets } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { type IntegrationMethod, loginCheckPurpose } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../../../functions/adapters/deps.ts';
import { hashPassword } from '../../../functions/adapters/passwords.ts';
import { issueToken } from '../../../functions/adapters/tokens.ts';
import { setManualLine } from '../../../functions/betting/line-service.ts';
import { findGame, loadWeek, runSlipCommand } from '../../../functions/betting/slip-service.ts';
import { type RouteName, routes } from '../../../functions/http/routes.ts';
import { createClient, findClientByDomain } from '../../../functions/store/clients.ts';
import { putRole } from '../../../functions/store/roles.ts';
import { createUser, findUserByLogin } from '../../../functions/store/account-claims.ts';
import { addClientSport, getClientSport, getSport, listAffiliates } from '../../../functions/store/catalogue.ts';
import { putMethod } from '../../../functions/store/methods.ts';
import { addPrize } from '../../../functions/store/prizes.ts';
import { type LocalStack, startLocalStack } from '../../../infra/local/stack.ts';

export const probeNow = '2026-11-22T12:00:00Z';
export const nfl = 33;
/** Week 9 of the demo NFL season holds the probe clock; week 8 is over. */
export const currentWeekId = 20263309;
export const pastWeekId = 20263308;
export const probePassword = 'probe-password-1';

export const routeNames = Object.keys(routes) as RouteName[];
export const protectedRoutes = routeNames.filter((name) => routes[name].access !== 'public');

/** The stack's address with the loopback IP, so every request goes to 127.0.0.1 only. */
export const loopbackUrl = (stack: Pick<LocalStack, 'url'>) => stack.url.replace('//localhost:', '//127.0.0.1:');

export interface ProbeAnswer {
  status: number;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  body: any;
  isJson: boolean;
  contentType: string;
}

export interface RouteCall {
  input?: Record<string, unknown>;
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of the encoded input (with `contentType`). */
  rawBody?: string | Buffer;
  contentType?: string;
  /** Sent as is instead of the encoded input's query string. */
  rawQuery?: string;
  /** The local address the connection comes from (another 127.x.y.z is another source). */
  localAddress?: string;
}

function searchParams(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  }
  return params.toString();
}

/** A route whose request is a JSON list of objects (use-affiliate-sign): the input goes as its one item. */
const takesList = (name: RouteName) =>
  (routes[name].contract.request as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'array';

/** One route of the route table called with its contract's method, path and input encoding. */
export function callRoute(baseUrl: string, name: RouteName, call: RouteCall = {}): Promise<ProbeAnswer> {
  const { method, path, contract } = routes[name];
  const input = call.input ?? {};
  let query = call.rawQuery ?? '';
  let body: string | Buffer | undefined = call.rawBody;
  const headers: Record<string, string> = {};
  if (call.rawBody !== undefined) {
    if (call.contentType) headers['content-type'] = call.contentType;
  } else if (contract.input === 'query') {
    if (call.rawQuery === undefined) query = searchParams(input);
  } else if (contract.input === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = searchParams(input);
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(takesList(name) ? [input] : input);
  }
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  Object.assign(headers, call.headers);
  const url = new URL(`${baseUrl}${path}${query ? `?${query}` : ''}`);
  const payload = body === undefined ? undefined : Buffer.from(body);
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        localAddress: call.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = String(response.headers['content-type'] ?? '');
          let parsed: unknown;
          let isJson = false;
          try {
            parsed = text ? JSON.parse(text) : undefined;
            isJson = text !== '';
          } catch {
            parsed = undefined;
          }
          resolve({ status: response.statusCode ?? 0, text, body: parsed, isJson, contentType });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export interface Member {
  user: User;
  token: string;
}

export interface Tenant {
  client: Client;
  members: Member[];
  /** Bet ids (userId-gameId) of the tenant's players in the current week. */
  betIds: string[];
  /** Job ids the tenant's admin started. */
  jobIds: number[];
  /** Ids of what the tenant owns besides users: its client sport, prize, integration method and roles. */
  ownedIds: number[];
  /** The affiliate only this tenant plays its sport at. */
  affiliateId: number;
  /**
   * The manual line a system administrator set at that affiliate: the affiliate's, not the tenant's (docs/rules.md,
   * Spread), but the line only its players see, so nobody without client management may change it.
   */
  lineIds: number[];
  /** Texts only the tenant's settings hold: its prize's name, its method's URL and secret header value. */
  settingTexts: string[];
}

/** A client with NFL enabled (as the demo seed enables a sport), at the sport's first affiliate unless told. */
export async function createTenant(deps: Deps, name: string, domain: string, affiliateIndex = 0): Promise<Client> {
  const client = { id: await deps.ids.next('client'), name, domain, dateCreated: probeNow };
  await createClient(deps, client);
  const [affiliates, sport] = await Promise.all([listAffiliates(deps, nfl), getSport(deps, nfl)]);
  await addClientSport(deps, { clientId: client.id, sport: sport!, affiliate: affiliates[affiliateIndex]!, days: {} });
  return client;
}

let sharedHash: Promise<string> | undefined;
const roles = new Map<string, Promise<Role>>();

/** A role of the client holding exactly these permissions, made once per set. */
export function roleWith(deps: Deps, clientId: number, permissions: readonly Permission[]): Promise<Role> {
  const key = `${clientId}:${[...permissions].sort((a, b) => a - b).join(',')}`;
  if (!roles.has(key)) {
    roles.set(
      key,
      (async () => {
        const role: Role = {
          id: await deps.ids.next('role'),
          name: `Probe ${key}`,
          clientId,
          roleType: RoleType.UserCreated,
          permissions: [...permissions],
        };
        await putRole(deps, role);
        return role;
      })(),
    );
  }
  return roles.get(key)!;
}

/** A new active user of the client with a role holding exactly these permissions, and a token. */
export async function memberWith(
  deps: Deps,
  client: Client,
  permissions: readonly Permission[],
  person: { login: string; firstName?: string; lastName?: string },
): Promise<Member> {
  sharedHash ??= hashPassword(probePassword);
  const role = await roleWith(deps, client.id, permissions);
  const firstName = person.firstName ?? 'Probe';
  const lastName = person.lastName ?? person.login;
  const user: User = {
    id: await deps.ids.next('user'),
    clientId: client.id,
    login: person.login,
    displayName: `${firstName} ${lastName}`,
    emailAddress: `${person.login}@${client.domain}.example.com`,
    firstName,
    lastName,
    middleName: '',
    phoneNumber: '+1 555 010 0100',
    status: UserStatus.Active,
    roleId: role.id,
    passwordHash: await sharedHash,
    dateCreated: probeNow,
  };
  await createUser(deps, user);
  return { user, token: await probeToken(deps, user) };
}

/** A token as sign-in issues it: at the user's current token version. */
export async function probeToken(deps: Deps, user: Pick<User, 'id' | 'clientId' | 'tokenVersion'>) {
  const claims = { userId: user.id, clientId: user.clientId, tokenVersion: user.tokenVersion };
  return (await issueToken(deps, claims)).access_token;
}

/** Five picks for the player in the current NFL week, placed through the slip command; their bet ids. */
export async function placePicks(deps: Deps, client: Client, user: User): Promise<string[]> {
  const view = await loadWeek(deps, { clientId: client.id, sportId: nfl, weekId: currentWeekId });
  const at = deps.clock.now();
  const open = [...view.facts.values()].filter(
    (game) => game.onRegularDay && isOpenForBets(game, at) && hasSpread(game.homeLine),
  );
  const bets = open.slice(0, regularPoints.length).map((game, index) => ({
    gameId: game.id,
    teamId: game.homeTeamId,
    points: regularPoints[index]!,
  }));
  if (!bets.length) throw new Error('No game of the current week is open for bets at the probe clock');
  const slip = { clientId: client.id, userId: user.id, sportId: nfl, weekId: currentWeekId };
  await runSlipCommand(
    deps,
    { slip, actorId: user.id, correlationId: `probe-${user.login}` },
    {
      type: 'SetRegularBets',
      bets,
    },
  );
  return bets.map((bet) => `${user.id}-${bet.gameId}`);
}

/**
 * The seeded stack at the probe clock (or a later instant), in memory, or on a data folder that outlives it
 * (the crash probe).
 */
export async function startProbeStack(dataDir?: string, now = probeNow) {
  const stack = await startLocalStack({ dataDir, port: 0, seed: true, now, webRoot: '/nonexistent' });
  const demo = (await findClientByDomain(stack.deps, 'demo'))!;
  return { stack, demo, baseUrl: loopbackUrl(stack) };
}

/** Moves an id counter far ahead, so the next ids are distinctive (never equal to an id of the demo data). */
async function skipIds(deps: Deps, kind: string, by: number) {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: { PK: 'COUNTER', SK: kind },
      UpdateExpression: 'ADD #value :by',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':by': by },
    }),
  );
}

/**
 * Tenant B: an admin and two players with picks in the current week, a job its admin started, a prize and an
 * integration method with a secret header. Its ids are far from A's, so an answer naming one is B's.
 */
export async function createRivalTenant(stack: LocalStack, baseUrl: string, adminPermissions: readonly Permission[]) {
  const { deps } = stack;
  const skips = {
    client: 9100,
    user: 917_000,
    job: 823_000,
    clientSport: 925_000,
    prize: 930_000,
    method: 935_000,
    handicap: 945_000,
  };
  await Promise.all([
    ...Object.entries(skips).map(([kind, by]) => skipIds(deps, kind, by)),
    skipIds(deps, 'role', 940_000),
  ]);
  // The demo clients play NFL at its first affiliate; B alone plays at the second.
  const client = await createTenant(deps, 'Zanzibar Rivals', 'zanzibar', 1);
  const admin = await memberWith(deps, client, adminPermissions, {
    login: 'zq-admin',
    firstName: 'Zephyrine',
    lastName: 'Quorrington',
  });
  const players = [
    await memberWith(deps, client, adminPermissions, {
      login: 'xv-player',
      firstName: 'Xanthippe',
      lastName: 'Vellacottish',
    }),
    await memberWith(deps, client, adminPermissions, {
      login: 'wy-player',
      firstName: 'Wystan',
      lastName: 'Yarborrowe',
    }),
  ];
  const betIds: string[] = [];
  for (const player of [admin, ...players]) betIds.push(...(await placePicks(deps, client, player.user)));
  const job = await callRoute(baseUrl, 'loadResults', { input: { sportId: nfl }, token: admin.token });
  if (job.status !== 202) throw new Error(`B's job did not start: ${job.status} ${job.text}`);
  await stack.settled();
  const prize = {
    id: await deps.ids.next('prize'),
    clientId: client.id,
    name: 'Zanzibar Golden Gong',
    cost: 250,
    active: true,
  };
  await addPrize(deps, prize);
  const method: IntegrationMethod = {
    id: await deps.ids.next('method'),
    clientId: client.id,
    methodPurpose: loginCheckPurpose,
    methodType: 'POST',
    passingParameterMethod: 'JSON body',
    url: 'https://directory.zanzibar.example/approve',
    parameterName: 'login',
    requestBody: '',
    headerName: 'X-Zanzibar-Key',
    headerValue: 'zanzibar-secret-9f3c',
  };
  await putMethod(deps, method);
  const clientSport = await getClientSport(deps, client.id, nfl);
  const view = await loadWeek(deps, { clientId: client.id, sportId: nfl, weekId: currentWeekId });
  const openGame = [...view.facts.values()].find((game) => isOpenForBets(game, deps.clock.now()))!;
  const system = (await findClientByDomain(deps, 'admin'))!;
  const manualLine = await setManualLine(deps, {
    affiliateId: clientSport!.affiliateId,
    game: (await findGame(deps, openGame.id))!,
    homeLine: -7.5,
    actorId: (await findUserByLogin(deps, system.id, 'admin'))!.id,
    actorClientId: system.id,
  });
  const roleIds = [...new Set([admin, ...players].map((member) => member.user.roleId))];
  return {
    client,
    members: [admin, ...players],
    betIds,
    jobIds: [job.body.jobId as number],
    ownedIds: [clientSport!.id, prize.id, method.id, ...roleIds],
    affiliateId: clientSport!.affiliateId,
    lineIds: [manualLine.handicapId],
    settingTexts: [prize.name, method.url, method.headerValue],
  } satisfies Tenant;
}

type Item = Record<string, unknown>;

export async function scanTable(deps: Deps, table: 'events' | 'state' | 'views'): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables[table], ExclusiveStartKey, ConsistentRead: true }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

export async function countItems(deps: Deps, table: 'events' | 'state'): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({ TableName: deps.tables[table], ExclusiveStartKey, Select: 'COUNT', ConsistentRead: true }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** A stable text per item, keyed and sorted, so two snapshots compare as lists. */
export const itemTexts = (items: Item[]) =>
  items
    .map((item) => JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))))
    .sort();
