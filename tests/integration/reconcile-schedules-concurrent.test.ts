// Each schedule change reconciles the Scheduler with the book after saving it. Another administrator's change saved
// while a reconcile walks the Scheduler must not be undone by that reconcile's older read of the book: it passes again
// on the newer book before it ends.
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { afterEach, describe, expect, it } from 'vitest';
import { Periodicity } from '#domain/contracts/processes.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { documentClient } from '../../functions/adapters/deps.ts';
import { type ScheduleSpec, sdkScheduler } from '../../functions/adapters/scheduler.ts';
import { reconcileSchedules } from '../../functions/jobs/reconcile-schedules.ts';
import { readSchedules, saveSchedules } from '../../functions/store/process-schedules.ts';
import { startSchedulerEmulator } from '../../infra/local/scheduler-emulator.ts';
import { useBareDatabase } from './support/bare-database.ts';

const { tables, clientOf } = useBareDatabase();
const local = { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const settings = () => ({
  group: 'pickem-processes',
  targetArn: 'arn:aws:lambda:local:0:function:jobs',
  roleArn: 'arn:aws:iam::0:role/scheduler',
});

let closeEmulator: () => Promise<void> = async () => {};
afterEach(() => closeEmulator());

async function scheduler() {
  const emulator = await startSchedulerEmulator({
    file: undefined,
    now: () => new Date('2026-11-18T15:00:00Z'),
    fire: () => undefined,
    held: true,
    faults: undefined,
  });
  closeEmulator = () => emulator.close();
  return sdkScheduler(new SchedulerClient({ ...local, endpoint: emulator.endpoint }), settings);
}

describe("a reconcile while another administrator's change is saved", () => {
  it('ends with the Scheduler as the newer book says: an edit saved meanwhile kept, a schedule added meanwhile made', async () => {
    const store = { db: documentClient(clientOf()), tables };
    const held = await scheduler();
    const daily = { processId: ProcessId.CloseWeek, active: true, executionMinute: 0, monthDay: null };
    const at = (id: number, executionHour: number) => ({ ...daily, id, executionHour, periodicity: Periodicity.Daily });
    await saveSchedules(store, await readSchedules(store), [at(1, 3)]);
    // The other administrator's save lands as this reconcile makes its first schedule, from the book it read before.
    let other: Promise<void> | undefined;
    const create = async (spec: ScheduleSpec) => {
      await held.create(spec);
      other ??= readSchedules(store).then((book) => saveSchedules(store, book, [at(1, 4), at(2, 5)]));
      await other;
    };
    await reconcileSchedules({ ...store, scheduler: { ...held, create } });
    expect((await held.get(`process-${ProcessId.CloseWeek}-schedule-1`))?.expression).toBe('cron(0 4 * * ? *)');
    expect((await held.get(`process-${ProcessId.CloseWeek}-schedule-2`))?.expression).toBe('cron(0 5 * * ? *)');
  });
});
