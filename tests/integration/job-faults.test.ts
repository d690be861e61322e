// A job under AWS's ordinary faults (issue 59, item 3): a lease write that timed out after it committed is
// recognised as the attempt's own, and a transient fault in a job's step lets the job run again instead of failing
// it for good. The faults are injected (infra/local/fault-middleware.ts) only into the calls a test picks.
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { type WeekEvent, weekStreamId } from '#domain/scoring/close-week.ts';
import type { JobRequest } from '../../functions/adapters/job-queue.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { listWeeks } from '../../functions/store/catalogue.ts';
import { getJobFile, putJobFile } from '../../functions/store/job-files.ts';
import { takeFlight } from '../../functions/store/job-flights.ts';
import { jobLeaseMs, maxJobAttempts } from '../../functions/store/job-records.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { type Command, depsWithFault } from './support/faulty-deps.ts';
import { useTestStack } from './support/test-stack.ts';

// Sunday 12:00 in New York: the demo's weeks 1-8 are over.
const given = useTestStack({ now: '2026-11-22T17:00:00Z' });

const isJobUpdate = (job: JobRequest, command: Command) =>
  JSON.stringify(command.input.Key) === JSON.stringify(keys.job(job.clientId, job.jobId)) &&
  command.input.ConditionExpression !== undefined;
const record = (job: JobRequest) => getItem<JobRecord>(given.stack.deps, keys.job(job.clientId, job.jobId));

describe('a job under AWS’s faults', () => {
  it('recognises its own lease claim whose answer was lost (the SDK’s retry failed the condition): the job runs', async () => {
    const job: JobRequest = { jobId: 5901, type: 'ArmSchedules', clientId: 2, actorId: 2, payload: {} };
    const deps = depsWithFault(
      given.stack,
      (command) => isJobUpdate(job, command) && command.input.ConditionExpression!.includes('attribute_not_exists(PK)'),
      'timeoutAfterWrite',
    );
    expect(await runJob(deps, job)).toBe('succeeded');
    expect(await record(job)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('recognises its own finish whose answer was lost: no false "taken over", and the import’s flight is landed', async () => {
    const job: JobRequest = { jobId: 5902, type: 'ImportTeams', clientId: 2, actorId: 2, payload: { sportId: 33 } };
    await takeFlight(given.stack.deps, job);
    const flight = () => getItem(given.stack.deps, keys.jobFlight('ImportTeams', 33));
    expect(await flight()).toBeDefined();
    const deps = depsWithFault(
      given.stack,
      (command) =>
        isJobUpdate(job, command) && Object.values(command.input.ExpressionAttributeNames ?? {}).includes('finishedAt'),
      'timeoutAfterWrite',
    );
    expect(await runJob(deps, job)).toBe('succeeded');
    expect(await record(job)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await flight()).toBeUndefined();
  });

  it('a users CSV import stopped by a transient fault keeps its file, and its next attempt imports it', async () => {
    const job: JobRequest = { jobId: 5905, type: 'ImportUsers', clientId: 2, actorId: 2, payload: { clientId: 2 } };
    const lines = ['fault1,fault1@example.com,F,One,F One,,Bettor', 'fault2,fault2@example.com,F,Two,F Two,,Bettor'];
    const file = Buffer.from(['login,email,first name,last name,display name,phone,role', ...lines].join('\n'));
    await putJobFile(given.stack.deps, 2, job.jobId, file, given.stack.deps.clock.now());
    const progressThrottled = depsWithFault(
      given.stack,
      (command) =>
        isJobUpdate(job, command) && Object.values(command.input.ExpressionAttributeNames ?? {}).includes('progress'),
      'throttle',
      Infinity,
    );
    await expect(runJob(progressThrottled, job)).rejects.toMatchObject({ name: expect.stringMatching(/Throughput/) });
    expect(await runJob(given.stack.deps, job)).toBe('succeeded');
    expect(await record(job)).toMatchObject({ status: 'succeeded', attempts: 2, counts: { created: 2, refused: 0 } });
    expect(await getJobFile(given.stack.deps, 2, job.jobId)).toBeUndefined();
  });

  it('a users CSV import whose outcome could not be recorded keeps its file: the attempt after its lease records it succeeded', async () => {
    const job: JobRequest = { jobId: 5906, type: 'ImportUsers', clientId: 2, actorId: 2, payload: { clientId: 2 } };
    const file = Buffer.from(
      [
        'login,email,first name,last name,display name,phone,role',
        'fault3,fault3@example.com,F,Three,F Three,,Bettor',
      ].join('\n'),
    );
    await putJobFile(given.stack.deps, 2, job.jobId, file, given.stack.deps.clock.now());
    const finishThrottled = depsWithFault(
      given.stack,
      (command) =>
        isJobUpdate(job, command) && Object.values(command.input.ExpressionAttributeNames ?? {}).includes('finishedAt'),
      'throttle',
      Infinity,
    );
    await expect(runJob(finishThrottled, job)).rejects.toMatchObject({ name: expect.stringMatching(/Throughput/) });
    expect(await record(job)).toMatchObject({ status: 'running' });
    const later = new Date(given.stack.deps.clock.now().getTime() + jobLeaseMs + 60_000);
    expect(await runJob({ ...given.stack.deps, clock: fixedClock(later) }, job)).toBe('succeeded');
    expect(await record(job)).toMatchObject({ status: 'succeeded', attempts: 2, counts: { created: 1, existing: 0 } });
    expect(await getJobFile(given.stack.deps, 2, job.jobId)).toBeUndefined();
  });

  describe('a transient fault in a job’s step', () => {
    // Import Scores: it records the scores of the demo's sport, then closes its finished weeks.
    const importScores = (jobId: number): JobRequest => ({
      jobId,
      type: 'ImportScores',
      clientId: 2,
      actorId: 2,
      payload: { sportId: 33 },
    });
    const closedWeeks = async () => {
      const { deps } = given.stack;
      const weeks = await listWeeks(deps, 33);
      const streams = await Promise.all(weeks.map((week) => deps.events.readStream(weekStreamId(2, 33, week.id))));
      return streams.filter((stream) => stream.commits.length > 0).length;
    };
    // The week's close appended to its stream, throttled on every attempt the SDK makes.
    const throttled = () =>
      depsWithFault(
        given.stack,
        (command) =>
          command.input.TableName === given.stack.deps.tables.events &&
          String(command.input.Item?.PK).startsWith('week#'),
        'throttle',
        Infinity,
      );

    it('fails nothing for good: the lease is let go and the fault thrown (Lambda retries), until the last attempt fails it', async () => {
      const job = importScores(5903);
      expect(await closedWeeks()).toBe(0);
      for (let attempt = 1; attempt < maxJobAttempts; attempt++) {
        await expect(runJob(throttled(), job)).rejects.toMatchObject({
          name: expect.stringMatching(/Throughput|Throttling/),
        });
        const running = await record(job);
        expect(running).toMatchObject({ status: 'running', attempts: attempt });
        // Its lease has expired: the next invocation claims it at once.
        expect(Date.parse(running!.leaseUntil!)).toBeLessThan(given.stack.deps.clock.now().getTime());
      }
      expect(await runJob(throttled(), job)).toBe('failed');
      expect(await record(job)).toMatchObject({ status: 'failed', attempts: maxJobAttempts });
      expect(await closedWeeks()).toBe(0);
    });

    it('an Import Scores stopped by it part way is run again by the maintenance, and succeeds once the throttling ends, its report counting every week and penalty it gave', async () => {
      const job = importScores(5904);
      // Weeks 1 to 3 close; from week 4 on, the commit that closes a week is throttled (a week's penalties before it
      // are appended).
      const fromWeek4 = new Set(
        (await listWeeks(given.stack.deps, 33))
          .filter((week) => week.number >= 4)
          .map((week) => weekStreamId(2, 33, week.id)),
      );
      const closing = depsWithFault(
        given.stack,
        (command) =>
          command.input.TableName === given.stack.deps.tables.events &&
          fromWeek4.has(String(command.input.Item?.PK)) &&
          JSON.stringify(command.input.Item).includes('WeekClosed'),
        'throttle',
        Infinity,
      );
      await expect(runJob(closing, job)).rejects.toMatchObject({
        name: expect.stringMatching(/Throughput|Throttling/),
      });
      expect(await given.stack.maintain()).toMatchObject({ jobsRequeued: 1, jobsGivenUp: 0 });
      await given.stack.settled();
      const weeks = await listWeeks(given.stack.deps, 33);
      const streams = await Promise.all(
        weeks.map((week) => given.stack.deps.events.readStream<WeekEvent>(weekStreamId(2, 33, week.id))),
      );
      const events = streams.flatMap((stream) => stream.commits.flatMap((commit) => commit.events));
      const penalties = events.filter((event) => event.type === 'MissedPicksPenalized').length;
      expect(penalties).toBeGreaterThan(0);
      expect(await record(job)).toMatchObject({
        status: 'succeeded',
        attempts: 2,
        counts: { weeksClosed: 8, penalties },
      });
      expect(events.filter((event) => event.type === 'WeekClosed')).toHaveLength(8);
    });
  });
});
