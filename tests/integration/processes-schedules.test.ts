// A process's schedules are the Scheduler's: altering one creates, changes or deletes it there, a refusal touches
// nothing, and the next reconcile makes again what the Scheduler lost or points an old target at this deploy.
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { selfSetSchedules } from '../../functions/adapters/scheduler.ts';
import {
  GetScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { Periodicity } from '#domain/contracts/processes.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { call } from './support/call.ts';
import { archiveSchedule, readSchedules, saveSchedules } from '../../functions/store/process-schedules.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { processOf, useProcessesStack } from './support/processes.ts';

const { given, admin, list, alter } = useProcessesStack();
/** The stack's Scheduler, reached as its handlers reach it. */
const scheduler = () => new SchedulerClient(awsClientConfig(given.stack.settings, 'SCHEDULER'));
const settings = () => given.stack.settings;
const group = () => settings().SCHEDULE_GROUP!;

const deleteSchedule = (id: number, token: string) => call(given.api, contracts.deleteSchedule, { id }, token);

/** The process schedules' names in the group (Live Scores' and Pick Reminders' own schedules follow the games). */
async function scheduleNames() {
  const { Schedules } = await scheduler().send(new ListSchedulesCommand({ GroupName: group() }));
  return (Schedules ?? [])
    .map((schedule) => schedule.Name)
    .filter((name) => name && !selfSetSchedules.includes(name))
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
    const refused = await alter(
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
    const unknown = await alter(
      [{ id: 99, processSchedule: [{ active: true, executionHour: 6, executionMinute: 0, periodicity: 1 }] }],
      token,
    );
    expect(unknown.status).toBe(404);
    expect((await list(token)).every((process) => process.processSchedule.length === 0)).toBe(true);
    expect(await scheduleNames()).toEqual([]);
  });

  it('altering a schedule creates it in the Scheduler; a monthly day 30 is two schedules; deleting removes them and keeps the schedule out of the book', async () => {
    const token = await admin();
    const altered = await alter(
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
      Target: { Arn: settings().JOBS_FUNCTION_ARN, RoleArn: settings().SCHEDULER_ROLE_ARN },
    });

    const monthly = await alter(
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

    const deleted = await deleteSchedule(schedule!.id, token);
    expect(deleted).toMatchObject({ status: 200, body: { id: schedule!.id } });
    expect(await scheduleNames()).toEqual([]);
    expect(processOf(await list(token), ProcessId.CloseWeek).processSchedule).toEqual([]);
    // Kept, in an item of its own: the book holds the live schedules only, however many are deleted over the years.
    expect((await readSchedules(given.stack.deps)).schedules.map(({ id }) => id)).not.toContain(schedule!.id);
    expect(await getItem(given.stack.deps, keys.archivedSchedule(schedule!.id))).toMatchObject({
      id: schedule!.id,
      processId: ProcessId.CloseWeek,
      monthDay: 30,
      archivedAt: expect.any(String),
    });
    const again = await deleteSchedule(schedule!.id, token);
    expect(again.status).toBe(404);
  });

  it('an alter changes only the schedules it names: two administrators editing two schedules of one process keep both edits, and an edit made from an older read is refused (409)', async () => {
    const token = await admin();
    const id = ProcessId.ImportGames;
    const times = [5, 17].map((executionHour) => ({ active: true, periodicity: Periodicity.Daily, executionHour }));
    const made = await alter([{ id, processSchedule: times.map((time) => ({ ...time, executionMinute: 0 })) }], token);
    const [early, late] = processOf(made.body, id).processSchedule;
    // Each administrator's dialog sends its own schedule alone, with the version it read.
    await alter([{ id, processSchedule: [{ ...early!, executionHour: 6 }] }], token);
    const after = await alter([{ id, processSchedule: [{ ...late!, executionMinute: 45 }] }], token);
    const edited = [
      { ...early, executionHour: 6, version: 1 },
      { ...late, executionMinute: 45, version: 1 },
    ];
    expect(processOf(after.body, id).processSchedule).toEqual(edited);
    // The first edit asked again after its answer was lost is answered as saved (no new version: it changes nothing,
    // so it refuses no one); a dialog opened before it is refused.
    const again = await alter([{ id, processSchedule: [{ ...early!, executionHour: 6 }] }], token);
    expect(processOf(again.body, id).processSchedule).toEqual(edited);
    const stale = await alter([{ id, processSchedule: [{ ...early!, active: false }] }], token);
    expect([stale.status, stale.body.code]).toEqual([409, 'SCHEDULE_CHANGED']);
    expect(processOf(await list(token), id).processSchedule).toEqual(edited);
    await deleteSchedule(early!.id, token);
    await deleteSchedule(late!.id, token);
  });

  it('a schedule the Scheduler lost is made again by the next reconcile', async () => {
    const token = await admin();
    const altered = await alter(
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
    await alter([{ id: ProcessId.ImportGames, processSchedule: [] }], token);
    expect(await scheduleNames()).toContain(name);
    await deleteSchedule(schedule!.id, token);
  });

  it('a schedule deleted by a change cut off before the Scheduler was told: its fire runs nothing, and the delete asked again (404) removes it there', async () => {
    const token = await admin();
    // 10:05 in New York, five minutes after the stack's clock.
    const schedule = { active: true, executionHour: 10, executionMinute: 5, periodicity: 1 as const };
    const altered = await alter([{ id: ProcessId.ImportSpreads, processSchedule: [schedule] }], token);
    const [made] = processOf(altered.body, ProcessId.ImportSpreads).processSchedule;
    const name = `process-${ProcessId.ImportSpreads}-schedule-${made!.id}`;
    // The delete's write, without the Scheduler told.
    await archiveSchedule(
      given.stack.deps,
      await readSchedules(given.stack.deps),
      made!.id,
      given.stack.deps.clock.now(),
    );
    expect(await scheduleNames()).toContain(name);
    expect(given.stack.fireDueSchedules(new Date('2026-11-18T15:06:00Z'))).toBe(1);
    await given.stack.settled();
    const system = (await findClientByDomain(given.stack.deps, systemDomain))!;
    const runId = keys.processRunId(ProcessId.ImportSpreads, new Date('2026-11-18T15:05:00Z'));
    expect(await getItem(given.stack.deps, keys.job(system.id, runId))).toBeUndefined();
    expect(await deleteSchedule(made!.id, token)).toMatchObject({ status: 404 });
    expect(await scheduleNames()).not.toContain(name);
  });

  it('a schedule that still invokes the target of an older deploy is pointed at this one by the next reconcile', async () => {
    const token = await admin();
    const altered = await alter(
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
    const olderTarget = `${settings().JOBS_FUNCTION_ARN}-before-aliases`;
    await scheduler().send(
      new UpdateScheduleCommand({
        Name: name,
        GroupName: group(),
        ScheduleExpression: held.ScheduleExpression,
        FlexibleTimeWindow: held.FlexibleTimeWindow,
        Target: { ...held.Target!, Arn: olderTarget },
      }),
    );
    await alter([{ id: ProcessId.ImportGames, processSchedule: [] }], token);
    const after = await scheduler().send(new GetScheduleCommand({ Name: name, GroupName: group() }));
    expect(after.Target?.Arn).toBe(settings().JOBS_FUNCTION_ARN);
    expect(after.ScheduleExpression).toBe(held.ScheduleExpression);
    await deleteSchedule(schedule!.id, token);
  });

  it('a process keeps at most 20 schedules, counted with the stored ones: the 21st is refused and changes nothing', async () => {
    const token = await admin();
    const daily = (executionMinute: number) => ({
      active: true,
      executionHour: 3,
      executionMinute,
      periodicity: Periodicity.Daily,
    });
    const before = await scheduleNames();
    const full = await alter(
      [{ id: ProcessId.CloseWeek, processSchedule: Array.from({ length: 20 }, (_, minute) => daily(minute)) }],
      token,
    );
    expect(full.status).toBe(200);
    const refused = await alter([{ id: ProcessId.CloseWeek, processSchedule: [daily(30)] }], token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'TOO_MANY_SCHEDULES',
      error: 'Close Week keeps at most 20 schedules: delete one before adding another',
    });
    const kept = processOf(await list(token), ProcessId.CloseWeek).processSchedule;
    expect(kept.map((schedule) => schedule.executionMinute)).toEqual(Array.from({ length: 20 }, (_, minute) => minute));
    // One more kept from before the limit: its schedules can still be changed, not added to.
    const book = await readSchedules(given.stack.deps);
    const older = { ...kept[0]!, id: 990_001, executionMinute: 45, processId: ProcessId.CloseWeek };
    await saveSchedules(given.stack.deps, book, [...book.schedules, older]);
    const edited = await alter([{ id: ProcessId.CloseWeek, processSchedule: [{ ...older, executionHour: 4 }] }], token);
    expect(edited.status).toBe(200);
    expect((await alter([{ id: ProcessId.CloseWeek, processSchedule: [daily(50)] }], token)).status).toBe(409);
    for (const schedule of [...kept, older]) await deleteSchedule(schedule.id, token);
    expect(await scheduleNames()).toEqual(before);
  });

  it('a schedule an older release deleted in the book (marked archivedAt) is out of the list and runs nothing; the next save moves it to an item of its own', async () => {
    const token = await admin();
    const schedule = { active: true, executionHour: 10, executionMinute: 5, periodicity: 1 as const };
    const altered = await alter([{ id: ProcessId.CloseWeek, processSchedule: [schedule] }], token);
    const [made] = processOf(altered.body, ProcessId.CloseWeek).processSchedule;
    const { deps } = given.stack;
    const book = await readSchedules(deps);
    const archivedAt = deps.clock.now().toISOString();
    const schedules = book.schedules.map((each) => (each.id === made!.id ? { ...each, archivedAt } : each));
    await putItem(deps, { ...keys.processSchedules, version: book.version + 1, schedules });
    expect(processOf(await list(token), ProcessId.CloseWeek).processSchedule).toEqual([]);
    expect(given.stack.fireDueSchedules(new Date('2026-11-18T15:06:00Z'))).toBe(1);
    await given.stack.settled();
    const system = (await findClientByDomain(deps, systemDomain))!;
    const runId = keys.processRunId(ProcessId.CloseWeek, new Date('2026-11-18T15:05:00Z'));
    expect(await getItem(deps, keys.job(system.id, runId))).toBeUndefined();
    expect(await deleteSchedule(made!.id, token)).toMatchObject({ status: 404 });
    expect(await scheduleNames()).toEqual([]);
    await alter([{ id: ProcessId.ImportGames, processSchedule: [] }], token);
    const stored = await getItem<{ schedules: unknown[] }>(deps, keys.processSchedules);
    expect(stored?.schedules).toEqual(book.schedules.filter((each) => each.id !== made!.id));
    expect(await getItem(deps, keys.archivedSchedule(made!.id))).toMatchObject({ id: made!.id, archivedAt });
  });
});
