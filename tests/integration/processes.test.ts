import {
  GetScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { Periodicity, type Process } from '#domain/contracts/processes.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { weekContaining } from '#domain/season/weeks.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { readSlip } from '../../functions/betting/slip-service.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { queueScheduledRun } from '../../functions/jobs/processes.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { listUsers } from '../../functions/store/users.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { getSport, listWeeks } from '../../functions/store/catalogue.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { mailsTo, useTestStack } from './support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 in New York: a week of football is running, its Thursday to Monday games
// still open, and half the demo players have picked.
const now = '2026-11-18T15:00:00Z';
const given = useTestStack({ now });
const scheduler = () =>
  new SchedulerClient({ region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
const group = () => process.env.SCHEDULE_GROUP!;

async function admin() {
  return given.api.signIn('admin', adminPassword, systemDomain);
}

const list = async (token: string) => (await given.api.postForm('/api/Process/list', {}, token)).body as Process[];
const processOf = (processes: Process[], id: number) => processes.find((process) => process.id === id)!;

/** The process schedules' names in the group (Live Scores' own schedule follows the games, not the table). */
async function scheduleNames() {
  const { Schedules } = await scheduler().send(new ListSchedulesCommand({ GroupName: group() }));
  return (Schedules ?? [])
    .map((schedule) => schedule.Name)
    .filter((name) => name !== 'live-scores')
    .sort();
}

describe('process schedules', () => {
  it('lists the five processes with no schedules at first', async () => {
    const processes = await list(await admin());
    expect(processes.map((process) => process.name)).toEqual([
      'Import Games',
      'Import Scores',
      'Import Spreads',
      'Close Week',
      'Pick Reminders',
    ]);
    expect(processes.every((process) => process.processSchedule.length === 0)).toBe(true);
  });

  it('a refused schedule changes nothing: the table and the Scheduler stay as they were', async () => {
    const token = await admin();
    const refused = await given.api.postJson(
      '/api/Process/alter',
      [
        {
          id: ProcessId.ImportGames,
          processSchedule: [{ active: true, executionHour: 6, executionMinute: 0, periodicity: Periodicity.Daily }],
        },
        {
          id: ProcessId.ImportScores,
          processSchedule: [{ active: true, executionHour: 6, executionMinute: 0, periodicity: Periodicity.Monthly }],
        },
      ],
      token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/Import Scores: a monthly schedule needs its day of the month/);
    const unknown = await given.api.postJson(
      '/api/Process/alter',
      [{ id: 99, processSchedule: [{ active: true, executionHour: 6, executionMinute: 0, periodicity: 1 }] }],
      token,
    );
    expect(unknown.status).toBe(404);
    expect((await list(token)).every((process) => process.processSchedule.length === 0)).toBe(true);
    expect(await scheduleNames()).toEqual([]);
  });

  it('altering a schedule creates it in the Scheduler; a monthly day 30 is two schedules; deleting removes them', async () => {
    const token = await admin();
    const altered = await given.api.postJson(
      '/api/Process/alter',
      [
        {
          id: ProcessId.CloseWeek,
          processSchedule: [{ active: true, executionHour: 3, executionMinute: 15, periodicity: Periodicity.Daily }],
        },
      ],
      token,
    );
    expect(altered.status).toBe(200);
    const [schedule] = processOf(altered.body, ProcessId.CloseWeek).processSchedule;
    expect(schedule).toMatchObject({ active: true, executionHour: 3, executionMinute: 15, monthDay: null });
    const name = `process-${ProcessId.CloseWeek}-schedule-${schedule!.id}`;
    const created = await scheduler().send(new GetScheduleCommand({ Name: name, GroupName: group() }));
    expect(created).toMatchObject({
      ScheduleExpression: 'cron(15 3 * * ? *)',
      ScheduleExpressionTimezone: 'America/New_York',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: process.env.JOBS_FUNCTION_ARN, RoleArn: process.env.SCHEDULER_ROLE_ARN },
    });

    const monthly = await given.api.postJson(
      '/api/Process/alter',
      [
        {
          id: ProcessId.CloseWeek,
          processSchedule: [
            { id: schedule!.id, active: false, executionHour: 4, executionMinute: 0, periodicity: 2, monthDay: 30 },
          ],
        },
      ],
      token,
    );
    expect(monthly.status).toBe(200);
    expect(await scheduleNames()).toEqual([name, `${name}-part-2`]);
    const changed = await scheduler().send(new GetScheduleCommand({ Name: name, GroupName: group() }));
    expect(changed).toMatchObject({ ScheduleExpression: 'cron(0 4 30 1,3-12 ? *)', State: 'DISABLED' });

    const deleted = await given.api.call('DELETE', `/api/Process/delete?id=${schedule!.id}`, { token });
    expect(deleted).toMatchObject({ status: 200, body: { id: schedule!.id } });
    expect(await scheduleNames()).toEqual([]);
    expect(processOf(await list(token), ProcessId.CloseWeek).processSchedule).toEqual([]);
    const again = await given.api.call('DELETE', `/api/Process/delete?id=${schedule!.id}`, { token });
    expect(again.status).toBe(404);
  });

  it('a schedule the Scheduler lost is made again by the next reconcile', async () => {
    const token = await admin();
    const altered = await given.api.postJson(
      '/api/Process/alter',
      [
        {
          id: ProcessId.ImportSpreads,
          processSchedule: [{ active: true, executionHour: 23, executionMinute: 59, periodicity: 1 }],
        },
      ],
      token,
    );
    const [schedule] = processOf(altered.body, ProcessId.ImportSpreads).processSchedule;
    const name = `process-${ProcessId.ImportSpreads}-schedule-${schedule!.id}`;
    await given.stack.deps.scheduler.delete(name);
    expect(await scheduleNames()).not.toContain(name);
    await given.api.postJson('/api/Process/alter', [{ id: ProcessId.ImportGames, processSchedule: [] }], token);
    expect(await scheduleNames()).toContain(name);
    await given.api.call('DELETE', `/api/Process/delete?id=${schedule!.id}`, { token });
  });

  it('a schedule that still invokes the target of an older deploy is pointed at this one by the next reconcile', async () => {
    const token = await admin();
    const altered = await given.api.postJson(
      '/api/Process/alter',
      [
        {
          id: ProcessId.ImportSpreads,
          processSchedule: [{ active: true, executionHour: 22, executionMinute: 15, periodicity: 1 }],
        },
      ],
      token,
    );
    const [schedule] = processOf(altered.body, ProcessId.ImportSpreads).processSchedule;
    const name = `process-${ProcessId.ImportSpreads}-schedule-${schedule!.id}`;
    const held = await scheduler().send(new GetScheduleCommand({ Name: name, GroupName: group() }));
    const olderTarget = `${process.env.JOBS_FUNCTION_ARN}-before-aliases`;
    await scheduler().send(
      new UpdateScheduleCommand({
        Name: name,
        GroupName: group(),
        ScheduleExpression: held.ScheduleExpression,
        FlexibleTimeWindow: held.FlexibleTimeWindow,
        Target: { ...held.Target!, Arn: olderTarget },
      }),
    );
    await given.api.postJson('/api/Process/alter', [{ id: ProcessId.ImportGames, processSchedule: [] }], token);
    const after = await scheduler().send(new GetScheduleCommand({ Name: name, GroupName: group() }));
    expect(after.Target?.Arn).toBe(process.env.JOBS_FUNCTION_ARN);
    expect(after.ScheduleExpression).toBe(held.ScheduleExpression);
    await given.api.call('DELETE', `/api/Process/delete?id=${schedule!.id}`, { token });
  });
});

describe('scheduled runs', () => {
  it('the schedule fires at its time and the run happens once, even when triggered twice', async () => {
    const token = await admin();
    // 10:05 in New York, five minutes after the stack's clock.
    const altered = await given.api.postJson(
      '/api/Process/alter',
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

  it('a run that crashed holding its lease is run again by the requeue of abandoned jobs', async () => {
    const deps = given.stack.deps;
    const system = (await findClientByDomain(deps, systemDomain))!;
    const run = { processId: ProcessId.CloseWeek, scheduleId: 1, scheduledTime: '2026-11-17T15:05:00.000Z' };
    const job = await queueScheduledRun(deps, run);
    // A worker claimed it and died: running, its lease over, the process lease still held by it.
    const expired = new Date(Date.parse(now) - 60_000).toISOString();
    const record = await getItem<JobRecord>(deps, keys.job(system.id, job.jobId));
    await putItem(deps, {
      ...keys.job(system.id, job.jobId),
      ...record,
      status: 'running',
      attempts: 1,
      leaseUntil: expired,
    });
    await putItem(deps, { ...keys.processLease(ProcessId.CloseWeek), holder: job.jobId, leaseUntil: expired });
    expect(await given.stack.requeueExpired()).toBeGreaterThanOrEqual(1);
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
});

describe('pick reminders', () => {
  it('mails each player without five picks once a week, not those with five, not those who turned them off', async () => {
    const deps = given.stack.deps;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    // Sam turns reminders off on the profile.
    const sam = (await findUserByLogin(deps, demo.id, 'sam'))!;
    const samToken = await given.api.signIn('sam');
    const edited = await given.api.postJson(
      '/api/User/edit',
      {
        id: sam.id,
        displayName: sam.displayName,
        firstName: sam.firstName,
        lastName: sam.lastName,
        pickReminders: false,
      },
      samToken,
    );
    expect(edited).toMatchObject({ status: 200, body: { pickReminders: false } });

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
