// npm run test:artifacts: the product's smoke through what CDK ships (infra/artifact-lane/lane.ts). The demo tenant
// is seeded as a given, from the sources; everything after that is a call an AWS caller makes: a deploy's hook and
// trigger, every route of the HTTP API, sign-up, sign-in, picks, Import Scores grading and a live Sunday, the
// leaderboard, a player's rename, a users CSV import, an announcement mailed, a nudge, a process schedule added and fired, the JWT key
// rotated. Every AWS call of every function is checked against its own role; one outside it must be refused. Prints
// one line of figures and exits non-zero on any failed check.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contracts } from '#domain/contracts/api.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { depsFromEnv } from '../../functions/adapters/deps.ts';
import { adminPassword, seedDemo } from '../../functions/seed/demo-seed.ts';
import { startLane } from '../../infra/artifact-lane/lane.ts';
import { armedLater, createFaults, faultPlanOf } from '../../infra/local/faults.ts';
import { outboxMails } from '../support/outbox.ts';
import { rotationsHold } from './lane-rotations.ts';
import { call } from '../integration/support/call.ts';
import { client } from '../integration/support/test-stack.ts';

/** A Wednesday of the demo's football season: the week's Thursday to Monday games open, half the players picked. */
const wednesday = '2026-11-18T15:00:00Z';
/** That week's Sunday: the 1 pm games under way. */
const sunday = '2026-11-22T19:00:00Z';
const nfl = 33;
const laneCertificate = 'arn:aws:acm:us-east-1:111111111111:certificate/artifact-lane';

/** An invocation's error that is AWS's bad minute (a throttle, its 500, a timeout), as the lane notes it. */
const transientError = /Throttl|Throughput|TooManyRequests|InternalServerError|ServiceException|Timeout|socket hang up/;

/** As the web app sends a change: under a request key of its own (functions/http/request-key.ts). */
const keyed = (change: string) => ({ 'Idempotency-Key': `artifact-lane-${change}` });
const failures: string[] = [];
function check(what: string, ok: boolean, detail?: unknown) {
  if (!ok) failures.push(`${what}${detail === undefined ? '' : `: ${JSON.stringify(detail).slice(0, 600)}`}`);
}

const workDir = mkdtempSync(join(tmpdir(), 'pickem-artifact-lane-'));
// A cloud assembly of its own: what `cdk deploy` would upload, bundles included.
const cdkOut = join(workDir, 'cdk.out');
// As an operator deploys it: tenants served at {domain}.pickem.example.com, whose mails link there.
const context = ['-c', 'domainName=pickem.example.com', '-c', `certificateArn=${laneCertificate}`];
execFileSync('npx', ['cdk', 'synth', '--quiet', '--output', cdkOut, ...context], { stdio: 'pipe' });
// PICKEM_FAULTS=0.05 npm run test:artifacts: once the demo is seeded, the bundles meet AWS's ordinary faults and the
// lane asks again on 503/429, as the web app does.
const plan = faultPlanOf(process.env);
const faults = plan && armedLater(createFaults(plan));
const lane = await startLane({ cdkOut, workDir, now: wednesday, faults: faults?.faults });
const api = client({ url: lane.url }, { askAgain: faults !== undefined });
const started = Date.now();
try {
  // Every function's cold start, one at a time (a measure of the bundle, not of a busy machine).
  for (const sandbox of lane.sandboxes.values()) await sandbox.warm();

  // A first deploy on empty tables: the hook runs the release's start-up in the jobs bundle, the trigger reconciles.
  const deployed = await lane.deploy();
  check('the pre-traffic hook reports Succeeded to CodeDeploy', deployed.hookStatus === 'Succeeded', deployed);

  await seedDemo(depsFromEnv(lane.operatorSettings));
  await lane.settled();
  faults?.arm();

  // Every route of the template reaches a function that knows it: unsigned, each answers as its contract says.
  for (const routeKey of lane.assembly.routes.keys()) {
    const [method, path] = routeKey.split(' ') as [string, string];
    const answer = await fetch(`${lane.url}${path}`, { method, body: method === 'GET' ? undefined : '{}' });
    check(`${routeKey} is routed to its function`, answer.status !== 404 && answer.status < 500, answer.status);
  }

  const health = await api.get('/health');
  check('health answers 200', health.status === 200, health);

  const alex = await api.signIn('alex');
  check('a signed-in player reads himself', (await call(api, contracts.currentUser, {}, alex)).status === 200);

  const signUp = await call(api, contracts.register, {
    login: 'lanerookie',
    emailAddress: 'lanerookie@example.com',
    password: 'sign-up-pass',
    repeatPassword: 'sign-up-pass',
    displayName: 'Lane Rookie',
    firstName: 'Lane',
    lastName: 'Rookie',
    phoneNumber: '+1 202 555 0142',
    domain: 'demo',
  });
  check('sign-up makes a player', signUp.status === 201, signUp.body);
  const rookie = await api.signIn('lanerookie', 'sign-up-pass');

  const week = (await call(api, contracts.betList, { sportId: nfl }, rookie)).body;
  const open = week.data.filter(
    (row) => !row.isBonusGame && row.homeSpread !== 0 && Date.parse(row.beginning) > Date.parse(wednesday),
  );
  check('five games are open for picks', open.length >= 5, week);
  const bets = [20, 10, 10, 5, 5].map((points, index) => ({
    gameId: open[index]!.gameId,
    teamId: open[index]!.homeTeamId,
    points,
  }));
  const placed = await call(api, contracts.setBets, { bets }, rookie, keyed('rookie-picks'));
  check(
    'five picks are placed',
    placed.status === 200 && placed.body.data.filter((row) => row.id).length === 5,
    placed.body,
  );
  const again = (await call(api, contracts.setBets, { bets }, rookie, keyed('rookie-picks'))).body.data;
  check('the same picks asked again answer alike', JSON.stringify(again) === JSON.stringify(placed.body.data));

  const coach = await api.signIn('coach');
  const contact = await call(
    api,
    contracts.contactAdmin,
    { issue: 'Picks and bets', message: 'Artifact lane: the 4:25 game shows no spread.' },
    alex,
  );
  check('a player messages the commissioners', contact.status === 201, contact.body);
  await lane.settled();
  check(
    'the commissioners are mailed the message',
    outboxMails(lane.outboxDir).some((mail) => mail.includes('the 4:25 game shows no spread')),
  );
  // The first ask for the push key makes the VAPID key pair and stores it in its secret (users area).
  const pushKey = await call(api, contracts.pushKey, {}, rookie);
  check('the push key is served', pushKey.status === 200 && pushKey.body.publicKey.length > 80, pushKey.body);
  const csv = [
    'login,email,first name,last name,display name,phone,role',
    'lanecsv1,lanecsv1@example.com,Csv,One,Csv One,,Bettor',
    'lanecsv2,lanecsv2@example.com,Csv,Two,Csv Two,,Bettor',
  ].join('\n');
  const imported = await call(api, contracts.importUsers, { file: Buffer.from(csv).toString('base64') }, coach);
  check('a users CSV import is queued', imported.status === 202, imported.body);
  await lane.settled();
  const importJob = await call(api, contracts.jobStatus, { id: (imported.body as { jobId: number }).jobId }, coach);
  check('the CSV import makes its accounts', importJob.body.status === 'succeeded', importJob.body);
  check(
    'each imported account is mailed',
    outboxMails(lane.outboxDir).filter((m) => m.includes('lanecsv')).length >= 2,
  );

  const title = 'Artifact lane: kickoff moved';
  const announced = await call(
    api,
    contracts.addAnnouncement,
    { title, body: 'See you at 4:25.', sendEmail: true },
    coach,
    keyed('announcement'),
  );
  check('an announcement is posted', announced.status === 201, announced.body);
  await lane.settled();
  check(
    'the announcement is mailed to the players',
    outboxMails(lane.outboxDir).filter((m) => m.includes(title)).length > 5,
  );
  const nudged = await call(api, contracts.nudge, { sportId: nfl, weekId: week.week.id }, coach);
  check('a nudge is queued', nudged.status === 202, nudged.body);
  await lane.settled();
  check(
    'the players missing picks are nudged',
    outboxMails(lane.outboxDir).some((m) => m.includes('asked us to remind you')),
  );

  const admin = await api.signIn('admin', adminPassword, systemDomain);
  const altered = await call(
    api,
    contracts.alterProcesses,
    [
      {
        id: ProcessId.CloseWeek,
        processSchedule: [{ active: true, executionHour: 10, executionMinute: 5, periodicity: 1 }],
      },
    ],
    admin,
  );
  check('an administrator adds a schedule', altered.status === 200, altered.body);
  const fired = lane.scheduler.fireDue(new Date('2026-11-18T15:06:00Z'), 'PickemApi-processes');
  check('the Scheduler fires it', fired === 1, fired);
  await lane.settled();
  const closeWeek = (await call(api, contracts.processList, {}, admin)).body.find((p) => p.id === ProcessId.CloseWeek);
  check('its run succeeded', closeWeek?.recentRuns[0]?.status === 'succeeded', closeWeek?.recentRuns);

  await rotationsHold(lane, api, alex, check);

  // A call outside a grant: the health function may read one item of each table, and write none.
  const healthFn = [...lane.sandboxes.values()].find((sandbox) => sandbox.fn.logicalId.startsWith('healthApi'))!;
  const stateTable = healthFn.fn.environment.STATE_TABLE!;
  const probeKey = { PK: { S: 'artifact-lane-probe' }, SK: { S: 'probe' } };
  const probed = await healthFn.probe(stateTable, probeKey);
  const operator = new DynamoDBClient(awsClientConfig(lane.operatorSettings, 'DYNAMODB'));
  const written = await operator.send(
    new GetItemCommand({ TableName: stateTable, Key: probeKey, ConsistentRead: true }),
  );
  operator.destroy();
  const deniedProbe = probed.result === 'AccessDeniedException' && !written.Item;
  check('a write outside the grant is refused and writes nothing', deniedProbe, probed);

  // Sunday: the week's 1 pm games are under way; the coach imports the scores.
  await lane.advanceClock(sunday);
  const sundayCoach = await api.signIn('coach');
  const scores = await call(api, contracts.importScores, { sportId: nfl }, sundayCoach);
  check('Import Scores is queued', scores.status === 202, scores.body);
  await lane.settled();
  const scoresJob = await call(api, contracts.jobStatus, { id: (scores.body as { jobId: number }).jobId }, sundayCoach);
  check('Import Scores grades the season', scoresJob.body.status === 'succeeded', scoresJob.body);

  const live = await call(api, contracts.liveVersion, { weekId: week.week.id });
  check('the live Sunday has games under way', live.status === 200 && live.body.games.length > 0, live.body);

  const lastWeek = week.week.id - 1;
  const board = await call(api, contracts.balance, { sportId: nfl, weekId: lastWeek }, await api.signIn('alex'));
  check(
    "last week's leaderboard ranks graded points",
    board.status === 200 && board.body.rows.length > 0 && board.body.rows.some((row) => row.weekPoints !== 0),
    board.body,
  );
  // A player renamed: the users function takes the new name to the player's week totals in the views.
  const alexNow = await api.signIn('alex');
  const me = (await call(api, contracts.currentUser, {}, alexNow)).body;
  const renamed = await call(
    api,
    contracts.editUser,
    { id: me.id, displayName: 'Alex Lane' },
    alexNow,
    keyed('rename'),
  );
  check('a player renames himself', renamed.status === 200, renamed.body);
  await lane.settled();
  const renamedBoard = await call(api, contracts.balance, { sportId: nfl, weekId: lastWeek }, alexNow);
  check(
    "the leaderboard shows the player's new name",
    renamedBoard.body.rows.some((row) => row.userDisplayName === 'Alex Lane'),
    renamedBoard.body,
  );

  await lane.settled();
  const proxies = Object.values(lane.proxies);
  const denied = proxies.flatMap((proxy) => proxy.decisions).filter((decision) => !decision.allowed);
  const undecided = proxies.flatMap((proxy) => proxy.failures);
  check('the IAM check knows every call it was asked', undecided.length === 0, undecided.slice(0, 10));
  const iamDenied = denied.length - (deniedProbe ? 1 : 0);
  check('no call of the smoke is denied', iamDenied === 0, denied.slice(0, 10));
  // Under faults an async invocation may fail on one and run again (Lambda's retries, the maintenance).
  const failed = lane.invocations.errors.filter((error) => !faults || !transientError.test(error));
  check('no invocation failed', failed.length === 0, failed.slice(0, 10));
  check('no sandbox crashed', lane.exits.length === 0, lane.exits);

  const coldStartMs = Object.fromEntries(
    lane.functions.map((fn) => {
      const first = lane.coldStarts.find((cold) => cold.fn === fn.name);
      return [fn.environment.POWERTOOLS_SERVICE_NAME, first && Math.round(first.initMs)];
    }),
  );
  console.log(
    JSON.stringify({
      artifactLane: {
        node: process.version,
        functions: lane.functions.length,
        routes: lane.assembly.routes.size,
        routesCalled: lane.routesCalled.size,
        calls: proxies.reduce((sum, proxy) => sum + proxy.decisions.length, 0),
        iamDenied,
        deniedProbe,
        invocations: { ...lane.invocations, errors: lane.invocations.errors.length },
        coldStartMs,
        ...(faults && { faults: faults.faults.summary() }),
        seconds: Math.round((Date.now() - started) / 1000),
      },
    }),
  );
} catch (error) {
  failures.push(`the lane stopped: ${(error as Error).stack ?? String(error)}`);
} finally {
  await lane.close();
  rmSync(workDir, { recursive: true, force: true });
}
for (const failure of failures) console.error(`artifact lane: FAILED ${failure}`);
process.exit(failures.length ? 1 : 0);
