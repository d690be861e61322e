import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { gameCommits, maintenanceFires, runUntilKilled, startAgain } from './support/crash-and-restart.ts';
import { testFolder } from '../support/global-setup.ts';

// Must match support/import-then-die.ts, which the test runs as a child process (importing it would run it).
const crashJob = { jobId: 9001, type: 'ImportScores' as const, clientId: 2, actorId: 2, payload: { sportId: 33 } };
const commitsBeforeCrash = 5;
const dataDir = testFolder('pickem-job-crash-');
// Sunday 12:00 in New York: weeks 1-8 are over, and no game changes within the next minutes.
const crashAt = '2026-11-22T17:00:00Z';
let stack: LocalStack | undefined;
afterAll(() => stack?.close());

describe('jobs survive a crash of the local stack', () => {
  it('an import killed with kill -9 halfway is re-run by the scheduled maintenance, not the start-up: it ends succeeded and appends nothing twice', async () => {
    const child = runUntilKilled('tests/integration/support/import-then-die.ts', dataDir, crashAt);
    expect(child.signal, child.stderr).toBe('SIGKILL');

    // Ten minutes later the dead worker's lease has expired. The start-up runs no job, as on AWS; the minute's
    // maintenance, due while the stack was down, finds the job and runs it again.
    stack = await startAgain(dataDir, '2026-11-22T17:10:00Z');
    await stack.settled();
    expect(await getItem<JobRecord>(stack.deps, keys.job(crashJob.clientId, crashJob.jobId))).toMatchObject({
      status: 'running',
      attempts: 1,
    });
    // What the first attempt kept: the five commits before the kill, and maybe a few of the games it was appending
    // beside them (eight at a time).
    const survived = await gameCommits(stack.deps, crashAt);
    expect(survived.commits).toBeGreaterThanOrEqual(commitsBeforeCrash);
    expect(await maintenanceFires(stack)).toBe(true);
    const record = await getItem<JobRecord>(stack.deps, keys.job(crashJob.clientId, crashJob.jobId));
    expect(record).toMatchObject({ status: 'succeeded', attempts: 2, counts: { weeksClosed: 8 } });
    expect(record?.leaseUntil).toBeUndefined();
    // The second attempt appended only what the first had not: one commit per changed game in all.
    const { commits, games } = await gameCommits(stack.deps, crashAt);
    expect(commits).toBe(games);
    expect(commits).toBe(survived.commits + record!.counts!.changed!);
  }, 180_000); // a seeded start of a child process and of a stack: a minute on a busy machine, seconds on a quiet one

  it('a finished job delivered again is not run again', async () => {
    const before = await gameCommits(stack!.deps, crashAt);
    expect(before.commits).toBeGreaterThan(0);
    expect(await runJob(stack!.deps, crashJob)).toBe('succeeded');
    expect(await getItem(stack!.deps, keys.job(crashJob.clientId, crashJob.jobId))).toMatchObject({ attempts: 2 });
    expect(await gameCommits(stack!.deps, crashAt)).toEqual(before);
    expect(await stack!.maintain()).toEqual({ accountsFinished: 0, jobsRequeued: 0, jobsGivenUp: 0 });
  });
});
