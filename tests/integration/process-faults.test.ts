// A scheduled process under AWS's ordinary faults (docs/rules.md, Long jobs: a job fails for good only on its last
// attempt): a throttle that outlasts the SDK's retries in one sport's work, or a Scheduler that cannot be reached when
// a Live Scores or Pick Reminders run moves its one-time schedule on, fails the attempt only, so the run goes again.
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import { liveScheduleName, pickRemindersScheduleName, type Scheduler } from '../../functions/adapters/scheduler.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { queueScheduledRun } from '../../functions/jobs/processes.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { depsWithFault } from './support/faulty-deps.ts';
import { useTestStack } from './support/test-stack.ts';

// The demo's live Sunday at 2 pm in New York: weeks 1-8 are over, the 1 pm games under way.
const now = '2026-11-22T19:00:00.000Z';
const given = useTestStack({ now });

const queued = async (processId: number, minute: number) => {
  const scheduledTime = new Date(Date.parse(now) + minute * 60_000).toISOString();
  const deps = { ...given.stack.deps, clock: fixedClock(now) };
  return (await queueScheduledRun(deps, { processId, scheduleId: 0, scheduledTime }))!;
};
const recordOf = (job: { clientId: number; jobId: number }) =>
  getItem<JobRecord>(given.stack.deps, keys.job(job.clientId, job.jobId));

/** The Scheduler as on a bad minute: every read of a schedule throttled. */
function unreachable(scheduler: Scheduler): Scheduler {
  const throttle = () =>
    Promise.reject(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $fault: 'client' }));
  return {
    list: () => scheduler.list(),
    get: throttle,
    create: (spec) => scheduler.create(spec),
    update: (spec) => scheduler.update(spec),
    delete: (name) => scheduler.delete(name),
  };
}

describe('a scheduled process under AWS’s faults', () => {
  it('an Import Scores throttled on every close of a week is not failed for good: its next attempt closes the weeks', async () => {
    const { deps } = given.stack;
    const job = await queued(ProcessId.ImportScores, 1);
    const closing = depsWithFault(
      given.stack,
      (command) =>
        command.input.TableName === deps.tables.events &&
        String(command.input.Item?.PK).startsWith('week#') &&
        JSON.stringify(command.input.Item).includes('WeekClosed'),
      'throttle',
      Infinity,
    );
    await expect(runJob(closing, job)).rejects.toMatchObject({ name: expect.stringMatching(/Throughput|Throttling/) });
    expect(await recordOf(job)).toMatchObject({ status: 'running', attempts: 1 });

    expect(await runJob(deps, job)).toBe('succeeded');
    // Weeks 1-8 of each of the three clients the demo seeds playing NFL.
    expect(await recordOf(job)).toMatchObject({ status: 'succeeded', attempts: 2, counts: { weeksClosed: 24 } });
  });

  it.each([
    ['Live Scores', ProcessId.LiveScores, liveScheduleName],
    ['Pick Reminders', ProcessId.PickReminders, pickRemindersScheduleName],
  ])(
    'a %s run that could not set its schedule fails the attempt only and lets the process go: the next run sets it',
    async (_name, id, name) => {
      const { deps } = given.stack;
      await deps.scheduler.delete(name);
      const job = await queued(id, 2);
      const badMinute: Deps = { ...deps, scheduler: unreachable(deps.scheduler) };
      await expect(runJob(badMinute, job)).rejects.toMatchObject({ name: 'ThrottlingException' });
      expect(await recordOf(job)).toMatchObject({ status: 'running', attempts: 1 });
      expect(await deps.scheduler.get(name)).toBeUndefined();

      // The failed attempt let its process go: the next minute's run is not skipped as one still running.
      const next = await queued(id, 3);
      expect(await runJob(deps, next)).toBe('succeeded');
      expect((await recordOf(next))?.counts).not.toHaveProperty('skippedWhileRunning');
      expect(await deps.scheduler.get(name)).toBeDefined();
      expect(await runJob(deps, job)).toBe('succeeded');
    },
  );
});
