// A process's scheduled runs: fired at their time and run once however often triggered, run again after a crash,
// skipped while another run works; and the Pick Reminders run's mails.
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { weekContaining } from '#domain/season/weeks.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { readSlip } from '../../functions/betting/slip-service.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { processLeaseMs, queueScheduledRun } from '../../functions/jobs/processes.ts';
import { takeProcessLease } from '../../functions/store/process-runs.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listUsers } from '../../functions/store/users.ts';
import { getSport, listWeeks } from '../../functions/store/catalogue.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { turnMailOff } from './support/call.ts';
import { mailsTo } from './support/test-stack.ts';
import { now, processOf, useProcessesStack } from './support/processes.ts';

const { given, admin, list, alter } = useProcessesStack();

describe('scheduled runs', () => {
  it('the schedule fires at its time and the run happens once, even when triggered twice', async () => {
    const token = await admin();
    // 10:05 in New York, five minutes after the stack's clock.
    const altered = await alter(
      [
        {
          id: ProcessId.CloseWeek,
          processSchedule: [{ active: true, executionHour: 10, executionMinute: 5, periodicity: 1 }],
        },
      ],
      token,
    );
    expect(altered.status).toBe(200);
    expect(given.stack.fireDueSchedules(new Date('2026-11-18T15:04:00Z'))).toBe(0);
    expect(given.stack.fireDueSchedules(new Date('2026-11-18T15:06:00Z'))).toBe(1);
    expect(given.stack.fireDueSchedules(new Date('2026-11-18T15:07:00Z'))).toBe(0);
    await given.stack.settled();
    const system = (await findClientByDomain(given.stack.deps, systemDomain))!;
    const run = { processId: ProcessId.CloseWeek, scheduleId: 1, scheduledTime: '2026-11-18T15:05:00.000Z' };
    const jobId = keys.processRunId(ProcessId.CloseWeek, new Date(run.scheduledTime));
    expect(await getItem<JobRecord>(given.stack.deps, keys.job(system.id, jobId))).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    // The Scheduler delivers at least once: the same run triggered twice more runs no more.
    const deps = given.stack.deps;
    await Promise.all([1, 2].map(async () => runJob(deps, await queueScheduledRun(deps, run))));
    expect(await getItem<JobRecord>(deps, keys.job(system.id, jobId))).toMatchObject({ attempts: 1 });
    const [latest] = processOf(await list(token), ProcessId.CloseWeek).recentRuns;
    expect(latest).toMatchObject({ jobId, status: 'succeeded' });
  });

  it('a run that crashed holding its lease is run again by the maintenance', async () => {
    const deps = given.stack.deps;
    const system = (await findClientByDomain(deps, systemDomain))!;
    const run = { processId: ProcessId.CloseWeek, scheduleId: 1, scheduledTime: '2026-11-17T15:05:00.000Z' };
    const job = await queueScheduledRun(deps, run);
    // A worker claimed it and died: running, its lease over, the process lease still held by it.
    const expired = new Date(Date.parse(now) - 60_000).toISOString();
    const record = await getItem<JobRecord>(deps, keys.job(system.id, job.jobId));
    await putItem(deps, {
      ...keys.job(system.id, job.jobId),
      ...keys.openJob(system.id, job.jobId),
      ...record,
      status: 'running',
      attempts: 1,
      leaseUntil: expired,
    });
    await putItem(deps, { ...keys.processLease(ProcessId.CloseWeek), holder: job.jobId, leaseUntil: expired });
    expect((await given.stack.maintain()).jobsRequeued).toBeGreaterThanOrEqual(1);
    await given.stack.settled();
    expect(await getItem<JobRecord>(deps, keys.job(system.id, job.jobId))).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });
    expect(await getItem(deps, keys.processLease(ProcessId.CloseWeek))).toBeUndefined();
  });

  it('a run while another run of the process works is skipped, not run alongside', async () => {
    const deps = given.stack.deps;
    const system = (await findClientByDomain(deps, systemDomain))!;
    const until = new Date(Date.parse(now) + 10 * 60_000).toISOString();
    await putItem(deps, { ...keys.processLease(ProcessId.CloseWeek), holder: 1, leaseUntil: until });
    const job = await queueScheduledRun(deps, {
      processId: ProcessId.CloseWeek,
      scheduleId: 1,
      scheduledTime: '2026-11-16T15:05:00.000Z',
    });
    await runJob(deps, job);
    expect(await getItem<JobRecord>(deps, keys.job(system.id, job.jobId))).toMatchObject({
      status: 'succeeded',
      counts: { skippedWhileRunning: 1 },
    });
    await putItem(deps, { ...keys.processLease(ProcessId.CloseWeek), holder: 1, leaseUntil: now });
  });

  /** Runs the process's run scheduled `offsetMs` after `now`, at that instant; answers its job record. */
  const runAt = async (processId: number, offsetMs: number) => {
    const deps = given.stack.deps;
    const system = (await findClientByDomain(deps, systemDomain))!;
    const scheduledTime = new Date(Date.parse(now) + offsetMs).toISOString();
    const later = { ...deps, clock: fixedClock(scheduledTime) };
    const job = await queueScheduledRun(later, { processId, scheduleId: 1, scheduledTime });
    await runJob(later, job);
    return (await getItem<JobRecord>(deps, keys.job(system.id, job.jobId)))!;
  };
  /** A run took the process at `now`, as runProcess does, and was killed: nobody renews or releases its lease. */
  const diedHolding = (processId: number) =>
    takeProcessLease({ ...given.stack.deps, clock: fixedClock(now) }, processId, 1, processLeaseMs(processId));

  it("a Live Scores run that died holding its process blocks the next minute's runs for 90 s, not 5 minutes", async () => {
    expect(processLeaseMs(ProcessId.LiveScores)).toBe(90_000);
    await diedHolding(ProcessId.LiveScores);
    expect(await runAt(ProcessId.LiveScores, 60_000)).toMatchObject({ counts: { skippedWhileRunning: 1 } });
    const next = await runAt(ProcessId.LiveScores, 120_000);
    expect(next.status).toBe('succeeded');
    expect(next.counts).not.toHaveProperty('skippedWhileRunning');
    expect(await getItem(given.stack.deps, keys.processLease(ProcessId.LiveScores))).toBeUndefined();
  });

  it('an import that died holding its process still blocks it for the five minutes an import may take', async () => {
    await diedHolding(ProcessId.ImportScores);
    expect(await runAt(ProcessId.ImportScores, 2 * 60_000)).toMatchObject({ counts: { skippedWhileRunning: 1 } });
    await putItem(given.stack.deps, { ...keys.processLease(ProcessId.ImportScores), holder: 1, leaseUntil: now });
  });
});

describe('pick reminders', () => {
  it('mails each player without five picks once a week, not those with five, not those who turned them off', async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    // Sam turns reminders off on the profile.
    await turnMailOff(given.api, 'sam');

    const run = (scheduledTime: string) => ({ processId: ProcessId.PickReminders, scheduleId: 1, scheduledTime });
    expect(await runJob(deps, await queueScheduledRun(deps, run('2026-11-18T15:00:00.000Z')))).toBe('succeeded');
    await runJob(deps, await queueScheduledRun(deps, run('2026-11-18T15:01:00.000Z')));

    const week = weekContaining(await listWeeks(deps, 33), new Date(now))!;
    const weekId = week.id;
    const football = (await getSport(deps, 33))!;
    const bettors = (await listUsers(deps, demo.id)).filter((user) => !['coach'].includes(user.login));
    let withoutFive = 0;
    let withFive = 0;
    for (const user of bettors) {
      const { state } = await readSlip(deps, { clientId: demo.id, userId: user.id, sportId: 33, weekId });
      const picks = [...state.bets.values()].filter((bet) => !bet.isBonus).length;
      const reminders = mailsTo(given.stack.outboxDir, user.emailAddress).filter((mail) =>
        mail.includes(`Subject: Your ${football.name} picks for week ${week.number}`),
      );
      if (user.login === 'sam' || picks >= 5) expect(reminders, user.login).toHaveLength(0);
      else {
        expect(reminders, user.login).toHaveLength(1);
        expect(reminders[0]).toContain('/#/picks');
      }
      if (picks >= 5) withFive += 1;
      else if (user.login !== 'sam') withoutFive += 1;
    }
    expect(withFive).toBeGreaterThan(0);
    expect(withoutFive).toBeGreaterThan(0);
  });
});
