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
import type { Deps } from '../../functions/adapters/deps.ts';
import { processLeaseMs, queueScheduledRun } from '../../functions/jobs/processes.ts';
import { takeProcessLease } from '../../functions/store/process-runs.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listUsers } from '../../functions/store/users.ts';
import { getSport, listWeeks } from '../../functions/store/catalogue.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { queryAll } from '../../functions/store/table-reads.ts';
import { contracts } from '#domain/contracts/api.ts';
import { call, send, turnMailOff } from './support/call.ts';
import { mailsTo } from '../support/outbox.ts';
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
    await Promise.all([1, 2].map(async () => runJob(deps, (await queueScheduledRun(deps, run))!)));
    expect(await getItem<JobRecord>(deps, keys.job(system.id, jobId))).toMatchObject({ attempts: 1 });
    const [latest] = processOf(await list(token), ProcessId.CloseWeek).recentRuns;
    expect(latest).toMatchObject({ jobId, status: 'succeeded' });
  });

  it('a run that crashed holding its lease is run again by the maintenance', async () => {
    const deps = given.stack.deps;
    const system = (await findClientByDomain(deps, systemDomain))!;
    const run = { processId: ProcessId.CloseWeek, scheduleId: 1, scheduledTime: '2026-11-17T15:05:00.000Z' };
    const job = (await queueScheduledRun(deps, run))!;
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
    const job = (await queueScheduledRun(deps, {
      processId: ProcessId.CloseWeek,
      scheduleId: 1,
      scheduledTime: '2026-11-16T15:05:00.000Z',
    }))!;
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
    const job = (await queueScheduledRun(later, { processId, scheduleId: 1, scheduledTime }))!;
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
  /** Runs Pick Reminders as its schedule would at `at`: answers the run's job record. */
  const runAt = async (at: string, mailer = given.stack.deps.mailer) => {
    const deps = { ...given.stack.deps, clock: fixedClock(at), mailer };
    const job = (await queueScheduledRun(deps, {
      processId: ProcessId.PickReminders,
      scheduleId: 0,
      scheduledTime: at,
    }))!;
    expect(await runJob(deps, job)).toBe('succeeded');
    const system = (await findClientByDomain(deps, systemDomain))!;
    return (await getItem<JobRecord & { progressAttempt?: number }>(deps, keys.job(system.id, job.jobId)))!;
  };
  const remindAt = async (at: string, mailer = given.stack.deps.mailer) => (await runAt(at, mailer)).counts!;
  const minuteAfter = (instant: string) => new Date(Date.parse(instant) + 60_000).toISOString();

  it("mails each player without five picks before the week's first lock and again before its last pick day, once a lock, as each player chose", async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const coach = await given.api.signIn('coach');
    // Sam turns reminders off; Jordan wants them before the week only.
    const samId = await turnMailOff(given.api, 'sam');
    const jordanToken = await given.api.signIn('jordan');
    const jordan = (await call(given.api, contracts.currentUser, {}, jordanToken)).body;
    const { id, displayName, firstName, lastName } = jordan;
    const chose = { id, displayName, firstName, lastName, pickReminderTiming: 'week' as const };
    expect((await call(given.api, contracts.editUser, chose, jordanToken)).body.pickReminderTiming).toBe('week');

    const settings = (await call(given.api, contracts.reminderSettings, {}, coach)).body;
    expect(settings.hoursBefore).toBe(3);
    const football = (await getSport(deps, 33))!;
    const week = weekContaining(await listWeeks(deps, 33), new Date(now))!;
    const ofWeek = settings.upcoming.filter(
      (reminder) => reminder.sportId === 33 && reminder.weekNumber === week.number,
    );
    expect(ofWeek.map((reminder) => reminder.lock)).toEqual(['week', 'lastDay']);
    for (const reminder of ofWeek)
      expect(Date.parse(reminder.lockAt) - Date.parse(reminder.remindAt)).toBe(3 * 60 * 60 * 1000);
    const [first, lastDay] = ofWeek;

    const mailsOf = (address: string) =>
      mailsTo(given.stack.outboxDir, address).filter((mail) =>
        mail.includes(`Subject: Your ${football.name} picks for week ${week.number}`),
      );
    // Wednesday morning, hours before the first lock: nothing is due.
    expect(await remindAt(now)).toMatchObject({ locks: 0, reminded: 0 });
    const firstRun = await runAt(minuteAfter(first!.remindAt));
    expect(firstRun.counts!.locks).toBeGreaterThanOrEqual(1);
    // It noted its progress once it mailed: an attempt cut off by its timeout after that is no stalled one.
    expect(firstRun).toMatchObject({ attempts: 1, progressAttempt: 1 });
    expect((await remindAt(minuteAfter(minuteAfter(first!.remindAt)))).reminded).toBe(0);

    const bettors = (await listUsers(deps, demo.id)).filter((user) => user.login !== 'coach');
    const missing = [];
    for (const user of bettors) {
      const { state } = await readSlip(deps, { clientId: demo.id, userId: user.id, sportId: 33, weekId: week.id });
      const picks = [...state.picks.values()].filter((pick) => !pick.isBonus).length;
      if (picks < 5) missing.push(user);
      else expect(mailsOf(user.emailAddress), user.login).toHaveLength(0);
    }
    expect(missing.length).toBeGreaterThan(1);
    for (const user of missing) {
      const mails = mailsOf(user.emailAddress);
      expect(mails, user.login).toHaveLength(user.id === samId ? 0 : 1);
      if (user.id !== samId) expect(mails[0]).toContain("when the week's first game starts");
    }

    // Before the last pick day's lock: again, except Jordan, who chose the week only.
    await remindAt(minuteAfter(lastDay!.remindAt));
    for (const user of missing) {
      const mails = mailsOf(user.emailAddress);
      const expected = user.id === samId ? 0 : user.id === jordan.id ? 1 : 2;
      expect(mails, user.login).toHaveLength(expected);
      if (expected === 2) expect(mails[1]).toContain("when the last pick day's first game starts");
    }
    // The run set the Pick Reminders schedule to the next reminder ahead.
    const held = await deps.scheduler.get('pick-reminders');
    expect(held?.enabled).toBe(true);
    // A reminder's claim goes a month after its week, with the lock's done mark: a season's do not pile up for good.
    const claims = await queryAll<{ ttl?: number }>(deps, keys.pickReminder(demo.id, 33, week.id, 0).PK);
    const monthAfter = Math.floor(Date.parse(week.endDate) / 1000) + 30 * 24 * 60 * 60;
    expect(claims.length).toBeGreaterThan(1);
    expect(claims.map((claim) => claim.ttl)).toEqual(claims.map(() => monthAfter));
  });

  it('a commissioner sets the hours before each lock (1 to 168), which moves the reminders; a player and another client cannot', async () => {
    const coach = await given.api.signIn('coach');
    const set = await call(given.api, contracts.setReminderHours, { hoursBefore: 6 }, coach);
    expect(set).toMatchObject({ status: 200, body: { hoursBefore: 6 } });
    const settings = (await call(given.api, contracts.reminderSettings, {}, coach)).body;
    expect(settings.hoursBefore).toBe(6);
    for (const reminder of settings.upcoming)
      expect(Date.parse(reminder.lockAt) - Date.parse(reminder.remindAt)).toBe(6 * 60 * 60 * 1000);
    for (const hoursBefore of [0, 169])
      expect((await send(given.api, contracts.setReminderHours, { hoursBefore }, coach)).status).toBe(400);
    const alex = await given.api.signIn('alex');
    expect((await call(given.api, contracts.setReminderHours, { hoursBefore: 2 }, alex)).status).toBe(403);
    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const rival = await given.api.signIn('rival-admin', undefined, 'rival');
    expect(
      (await call(given.api, contracts.setReminderHours, { clientId: demo.id, hoursBefore: 2 }, rival)).status,
    ).toBe(403);
    expect((await call(given.api, contracts.reminderSettings, {}, coach)).body.hoursBefore).toBe(6);
    // The hours it has already move nothing: no job setting every client's schedules again.
    const armJobs = async () =>
      (await queryAll<JobRecord>(given.stack.deps, keys.job(demo.id, 0).PK, { skPrefix: 'JOB#' })).filter(
        (job) => job.type === 'ArmSchedules',
      ).length;
    const armed = await armJobs();
    expect(await call(given.api, contracts.setReminderHours, { hoursBefore: 6 }, coach)).toMatchObject({
      status: 200,
      body: { hoursBefore: 6 },
    });
    expect(await armJobs()).toBe(armed);
    await call(given.api, contracts.setReminderHours, { hoursBefore: 3 }, coach);
    expect(await armJobs()).toBe(armed + 1);
  });

  it('a reminder SES rejects for its address leaves its lock done; an account-wide refusal keeps it to do', async () => {
    const coach = await given.api.signIn('coach');
    const settings = (await call(given.api, contracts.reminderSettings, {}, coach)).body;
    const [next] = settings.upcoming.filter((reminder) => reminder.sportId === 33).slice(-2);
    const refusing = (name: string, only?: (to: string) => boolean): Deps['mailer'] => ({
      send: async (mail) => {
        if (only && !only(mail.to)) return given.stack.deps.mailer.send(mail);
        throw Object.assign(new Error(name), { name, $fault: 'client', $metadata: { httpStatusCode: 400 } });
      },
    });
    const at = minuteAfter(next!.remindAt);
    // SES's sending paused for the whole account: nobody is mailed, and the lock stays to do.
    const paused = await remindAt(at, refusing('SendingPausedException'));
    expect(paused).toMatchObject({ reminded: 0, refused: 0 });
    expect(paused.failed).toBeGreaterThan(0);
    // A minute on, mailed, but one address SES rejects: that lock is done with it.
    let rejected: string | undefined;
    const run = await remindAt(
      minuteAfter(at),
      refusing('MessageRejected', (to) => (rejected ??= to) === to),
    );
    expect(run.failed).toBe(0);
    expect(run.refused).toBeGreaterThan(0);
    // A minute on, nothing is left to do: the run does not walk the client's players again for it.
    expect(await remindAt(minuteAfter(minuteAfter(at)))).toMatchObject({ locks: 0, reminded: 0 });
  });
});
