// The security probes' world: the seeded local stack (tenant A is the demo client) and a second tenant B
// with its own users, sport, bets and job. The probes import all of it from here, with what it is built of:
// users holding any set of permissions (probe-tenants.ts), a caller that sends any route of the route table
// over HTTP to 127.0.0.1 with its contract's encoding (probe-routes.ts), and readers of the tables (probe-tables.ts).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Permission } from '#domain/auth/permissions.ts';
import type { Client } from '#domain/auth/user.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { type IntegrationMethod, loginCheckPurpose } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../../../functions/adapters/deps.ts';
import { setManualLine } from '../../../functions/betting/line-service.ts';
import { findGame, loadWeek } from '../../../functions/betting/slip-service.ts';
import { findClientByDomain } from '../../../functions/store/clients.ts';
import { findUserByLogin } from '../../../functions/store/account-claims.ts';
import { getClientSport } from '../../../functions/store/catalogue.ts';
import { putMethod } from '../../../functions/store/methods.ts';
import { addPrize } from '../../../functions/store/prizes.ts';
import { type LocalStack } from '../../../infra/local/stack.ts';
import { startLocalTestStack } from '../../support/local-test-stack.ts';
import { callRoute, loopbackUrl } from './probe-routes.ts';
import { createTenant, currentWeekId, type Member, memberWith, nfl, placePicks, probeNow } from './probe-tenants.ts';

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

/**
 * The seeded stack at the probe clock (or a later instant), in memory, or on a data folder that outlives it
 * (the crash probe).
 */
export async function startProbeStack(dataDir?: string, now = probeNow) {
  // A probe of the requests holds the Scheduler: a self-set schedule (Pick Reminders, Live Scores) firing in the
  // middle of it would write what no probed request wrote. A crash probe (with its data folder) needs the
  // maintenance schedule to requeue what the crash left.
  const stack = await startLocalTestStack({
    dataDir,
    port: 0,
    seed: true,
    now,
    webRoot: '/nonexistent',
    holdSchedules: dataDir === undefined,
  });
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
  const job = await callRoute(baseUrl, 'importScores', { input: { sportId: nfl }, token: admin.token });
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
  const openGame = [...view.facts.values()].find((game) => isOpenForPicks(game, deps.clock.now()))!;
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
