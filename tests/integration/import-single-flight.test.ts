// Feed imports (docs/rules.md, Jobs): a client starts one of a kind and sport at most once a minute and never while
// its last one is open; across clients one reads the feed at a time, and a client whose import another client's holds
// up gets a job of its own that waits for it, then runs, without learning anything of the other's.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import type { JobRequest } from '../../functions/adapters/job-queue.ts';
import { maintain } from '../../functions/lifecycle/maintenance.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { importCooldownMs, takeFlight, takeStart } from '../../functions/store/job-flights.ts';
import { queueJob } from '../../functions/store/job-records.ts';
import { keys } from '../../functions/store/keys.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { deleteItem, getItem, queryAll } from '../../functions/store/state-table.ts';
import { afterImportCooldown, call } from './support/call.ts';
import { demo, useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;
const kinds = ['ImportScores', 'ImportGames'] as const;

const clientIdOf = async (domain: string) => (await findClientByDomain(given.stack.deps, domain))!.id;
const jobOf = async (clientId: number, jobId: number) =>
  (await getItem<JobRecord>(given.stack.deps, keys.job(clientId, jobId)))!;
const clientJobs = async (clientId: number) =>
  (
    await queryAll<JobRecord>(given.stack.deps, keys.clientPartition(clientId), { skPrefix: keys.requestedJobPrefix })
  ).filter((job) => job.type === 'ImportScores');

/**
 * Rival League's Import Scores of the NFL, started by its administrator and holding the sport's flight, as its worker
 * leaves it just before reading the feed; `fly` lets it run.
 */
async function rivalImportFlying() {
  const { deps } = given.stack;
  const clientId = await clientIdOf('rival');
  const admin = (await findUserByLogin(deps, clientId, 'rival-admin'))!;
  const job: JobRequest = {
    jobId: await deps.ids.next('job'),
    type: 'ImportScores',
    clientId,
    actorId: admin.id,
    payload: { sportId: nfl },
  };
  await takeStart(deps, job);
  await queueJob({ ...deps, jobs: { enqueue: async () => undefined } }, job, 'Riley Rival');
  expect(await takeFlight(deps, job)).toBe(true);
  return { job, fly: () => deps.jobs.enqueue(job) };
}

describe('feed imports: one start a minute per client, one feed read at a time per sport', () => {
  // Each test starts as if the clients' last imports were started more than a minute ago.
  beforeEach(async () => {
    for (const domain of ['demo', 'rival'])
      for (const type of kinds)
        await deleteItem(given.stack.deps, keys.importStart(await clientIdOf(domain), type, nfl));
  });

  it('Import Scores started again within a minute of the last start answers 429 with Retry-After and queues nothing', async () => {
    const coach = await given.api.signIn('coach');
    const demoId = await clientIdOf('demo');
    const first = await call(given.api, contracts.importScores, { sportId: String(nfl) }, coach);
    expect(first.status).toBe(202);
    await given.stack.settled();
    expect(await jobOf(demoId, first.body.jobId)).toMatchObject({ status: 'succeeded' });
    const jobsBefore = await clientJobs(demoId);

    const again = await call(given.api, contracts.importScores, { sportId: String(nfl) }, coach);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      code: 'IMPORT_COOLDOWN',
      error: expect.stringMatching(
        /^Import Scores was started for this sport less than 1 minute ago, and each run reads the sports feed: try again in \d+ seconds?$/,
      ),
    });
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(importCooldownMs / 1000);
    await given.stack.settled();
    expect(await clientJobs(demoId)).toEqual(jobsBefore);

    // Another kind of import has a cooldown of its own.
    const games = await call(given.api, contracts.importGames, { sportId: String(nfl), date: '2026-11-18' }, coach);
    expect(games.status).toBe(202);
    await given.stack.settled();
    // A minute after the last start, Import Scores starts again.
    await afterImportCooldown(given, coach, contracts.importScores, { sportId: nfl });
    const later = await call(given.api, contracts.importScores, { sportId: String(nfl) }, coach);
    expect(later.status).toBe(202);
    await given.stack.settled();
    expect(await jobOf(demoId, later.body.jobId)).toMatchObject({ status: 'succeeded' });
  });

  it('of 14 Import Scores one client starts at once, one job is queued and the 13 others are refused naming it', async () => {
    const coach = await given.api.signIn('coach');
    const demoId = await clientIdOf('demo');
    const jobsBefore = (await clientJobs(demoId)).length;
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => call(given.api, contracts.importScores, { sportId: String(nfl) }, coach)),
    );
    const started = answers.filter((answer) => answer.status === 202);
    expect(started).toHaveLength(1);
    const jobId = started[0]!.body.jobId;
    for (const refused of answers.filter((answer) => answer.status !== 202)) {
      // Refused while it is open (naming it), or once it has finished, within the minute.
      if (refused.status === 409) expect(refused.body).toMatchObject({ code: 'JOB_RUNNING', details: { jobId } });
      else expect(refused.body).toMatchObject({ code: 'IMPORT_COOLDOWN' });
    }
    await given.stack.settled();
    expect((await clientJobs(demoId)).length).toBe(jobsBefore + 1);
    expect(await jobOf(demoId, jobId)).toMatchObject({ status: 'succeeded' });
  });

  it('a second tenant’s Import Scores during the first’s flight is accepted, waits for it, then finishes, and learns nothing of it', async () => {
    const { deps } = given.stack;
    const demoId = await clientIdOf('demo');
    const rival = await rivalImportFlying();

    const coach = await given.api.signIn('coach');
    const accepted = await call(given.api, contracts.importScores, { sportId: String(nfl) }, coach);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ jobId: expect.any(Number), status: 'queued' });
    const jobId = accepted.body.jobId;
    expect(jobId).not.toBe(rival.job.jobId);
    await given.stack.settled();
    // It waits, queued: its status is its own, and the other client's job is not the coach's to read.
    const waiting = await call(given.api, contracts.jobStatus, { id: String(jobId) }, coach);
    expect(waiting.body).toMatchObject({ jobId, status: 'queued', clientId: demoId });
    expect(waiting.body).not.toHaveProperty('error');
    const other = await call(given.api, contracts.jobStatus, { id: String(rival.job.jobId) }, coach);
    expect(other.status).toBe(404);

    // The same client's second request while its own job is open: 409 naming that job, as before.
    const again = await call(given.api, contracts.importScores, { sportId: String(nfl) }, coach);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: `This import is already running for the sport (job ${jobId}): follow it, or start another once it has finished`,
      code: 'JOB_RUNNING',
      details: { jobId },
    });
    // And the other client's administrator, while theirs flies: 409 naming theirs.
    const rivalAdmin = await given.api.signIn('rival-admin', demo.password, 'rival');
    const rivalAgain = await call(given.api, contracts.importScores, { sportId: String(nfl) }, rivalAdmin);
    expect(rivalAgain.status).toBe(409);
    expect(rivalAgain.body).toMatchObject({ code: 'JOB_RUNNING', details: { jobId: rival.job.jobId } });

    // The other client's import runs and lands the flight: the coach's takes off and finishes.
    await rival.fly();
    await given.stack.settled();
    expect(await jobOf(rival.job.clientId, rival.job.jobId)).toMatchObject({ status: 'succeeded' });
    const finished = await call(given.api, contracts.jobStatus, { id: String(jobId) }, coach);
    expect(finished.body).toMatchObject({ jobId, status: 'succeeded', counts: { results: expect.any(Number) } });
    expect(finished.body.counts!.results).toBeGreaterThan(0);
    expect(await getItem(deps, keys.jobFlight('ImportScores', nfl))).toBeUndefined();
  });

  it('a job waiting for the flight whose invocation was lost is run by the maintenance once the flight is free', async () => {
    const { deps } = given.stack;
    const rival = await rivalImportFlying();
    const coach = await given.api.signIn('coach');
    const { jobId } = (await call(given.api, contracts.importScores, { sportId: String(nfl) }, coach)).body;
    await given.stack.settled();
    // The flight is let go, and the invocation of the coach's job its landing makes is lost (a crash in between).
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: keys.jobFlight('ImportScores', nfl),
      }),
    );
    const demoId = await clientIdOf('demo');
    expect(await jobOf(demoId, jobId)).toMatchObject({ status: 'queued' });
    // A minute on, the maintenance invokes the queued job nobody claimed.
    const inAMinute = new Date(deps.clock.now().getTime() + 61_000);
    await maintain({ ...deps, clock: { now: () => inAMinute } });
    await given.stack.settled();
    expect(await jobOf(demoId, jobId)).toMatchObject({ status: 'succeeded' });
    await rival.fly();
    await given.stack.settled();
  });
});
