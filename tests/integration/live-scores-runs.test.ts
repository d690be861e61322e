// Live Scores runs every minute of a game day, each run a job record under the system client: those records are
// kept three days and then swept by the state table's TTL, and they never crowd the administrator's own imports.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { queueScheduledRun } from '../../functions/jobs/processes.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { recordQueuedJob } from '../../functions/store/job-records.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { call, runImportJob } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// The demo's live Sunday: the 1 pm games are under way.
const now = '2026-11-22T19:00:00.000Z';
const given = useTestStack({ now });
const threeDaysS = 3 * 24 * 60 * 60;
const admin = () => given.api.signIn('admin', adminPassword, systemDomain);

async function scheduledRun(processId: number, scheduledTime: string) {
  const deps = { ...given.stack.deps, clock: fixedClock(scheduledTime) };
  const job = (await queueScheduledRun(deps, { processId, scheduleId: 0, scheduledTime }))!;
  await runJob(deps, job);
  await given.stack.settled();
  return { job, record: await getItem<{ ttl?: number; status: string }>(deps, keys.job(job.clientId, job.jobId)) };
}

describe('Live Scores run records', () => {
  it('a Live Scores run is kept three days: its record carries the expiry (epoch seconds) the TTL sweeps it by', async () => {
    const { job, record } = await scheduledRun(ProcessId.LiveScores, now);
    expect(record?.status).toBe('succeeded');
    expect(record?.ttl).toBe(Date.parse(now) / 1000 + threeDaysS);
    // Until then the job status screen reads it as any other run.
    const status = await call(given.api, contracts.jobStatus, { id: job.jobId }, await admin());
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: 'succeeded', type: 'Process' });
  });

  it("the Processes page's runs (Import Scores) carry no expiry: their history stays", async () => {
    const { record } = await scheduledRun(ProcessId.ImportScores, '2026-11-22T19:01:00.000Z');
    expect(record?.status).toBe('succeeded');
    expect(record?.ttl).toBeUndefined();
  });

  it("a game day's Live Scores runs (300 of them) never push the administrator's imports out of Recent imports", async () => {
    const token = await admin();
    const imported = await runImportJob(given, token, contracts.importGames, { sportId: 33, date: '2026-11-22' });
    expect(imported.status).toBe('succeeded');
    const deps = given.stack.deps;
    const clientId = (await findClientByDomain(deps, systemDomain))!.id;
    for (let minute = 2; minute < 302; minute++) {
      const scheduledAt = new Date(Date.parse(now) + minute * 60_000);
      const jobId = keys.processRunId(ProcessId.LiveScores, scheduledAt);
      const payload = { processId: ProcessId.LiveScores, scheduledTime: scheduledAt.toISOString(), scheduleId: 0 };
      await recordQueuedJob(deps, { jobId, type: 'Process', clientId, actorId: 0, payload }, 'x', 1);
    }
    const recent = await call(given.api, contracts.importJobList, { limit: 20 }, token);
    expect(recent.status).toBe(200);
    expect(recent.body.map((job) => job.jobId)).toContain(imported.jobId);
  });
});
