// A renamed job type (domain/contracts/job-types.ts): Import Scores' job was `ImportResults` until issue 58. What the
// version before a deploy stored and queued under the old name still works after it: its record is read as the
// renamed type without a write, its start and flight still hold, and its invocation runs it.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import type { JobRequest } from '../../functions/adapters/job-queue.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { takeFlight, takeStart } from '../../functions/store/job-flights.ts';
import { queueJob } from '../../functions/store/job-records.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;

/** An Import Scores the version before the rename started: queued under `ImportResults`, its invocation not run yet. */
async function importQueuedBeforeTheRename() {
  const { deps } = given.stack;
  const clientId = (await findClientByDomain(deps, 'demo'))!.id;
  const coach = (await findUserByLogin(deps, clientId, 'coach'))!;
  const job = {
    jobId: await deps.ids.next('job'),
    type: 'ImportResults',
    clientId,
    actorId: coach.id,
    payload: { sportId: nfl },
  } as unknown as JobRequest;
  // Its claims were taken under the keys of `ImportResults`, which today's Import Scores keys keep.
  const claimed = { ...job, type: 'ImportScores' as const };
  await takeStart(deps, claimed);
  await queueJob({ ...deps, jobs: { enqueue: async () => undefined } }, job, 'Coach');
  expect(await takeFlight(deps, claimed)).toBe(true);
  return job;
}

describe('a job queued under a job type renamed since', () => {
  it('is read as the renamed type, writing nothing; its start still refuses a second one; its invocation runs it under the new name', async () => {
    const { deps } = given.stack;
    const job = await importQueuedBeforeTheRename();
    const stored = await getItem<Record<string, unknown>>(deps, keys.job(job.clientId, job.jobId));
    expect(stored).toMatchObject({ type: 'ImportResults', status: 'queued' });
    expect(keys.jobFlight('ImportScores', nfl).SK).toBe('ImportResults#0000000033');
    expect(await getItem(deps, keys.jobFlight('ImportScores', nfl))).toMatchObject({ holderId: job.jobId });
    expect(await getItem(deps, keys.importStart(job.clientId, 'ImportScores', nfl))).toMatchObject({
      holderId: job.jobId,
    });

    const coach = await given.api.signIn('coach');
    const status = await call(given.api, contracts.jobStatus, { id: String(job.jobId) }, coach);
    expect(status.body).toMatchObject({ jobId: job.jobId, type: 'ImportScores', status: 'queued' });
    const listed = await call(given.api, contracts.importJobList, { limit: '20' }, coach);
    expect(listed.body).toContainEqual(expect.objectContaining({ jobId: job.jobId, type: 'ImportScores' }));
    expect(await getItem(deps, keys.job(job.clientId, job.jobId))).toEqual(stored);

    const again = await call(given.api, contracts.importScores, { sportId: String(nfl) }, coach);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'JOB_RUNNING', details: { jobId: job.jobId } });

    expect(await runJob(deps, job)).toBe('succeeded');
    expect(await getItem<JobRecord>(deps, keys.job(job.clientId, job.jobId))).toMatchObject({
      type: 'ImportScores',
      status: 'succeeded',
      counts: { weeksClosed: 8 },
    });
    expect(await getItem(deps, keys.jobFlight('ImportScores', nfl))).toBeUndefined();
  });
});
