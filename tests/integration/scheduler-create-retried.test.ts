// Making a schedule is idempotent (docs/rules.md, Processes): a create whose answer was lost after the Scheduler made
// the schedule is sent again by the SDK and refused as existing; the schedule then says what the create asked, and
// start-up or a reconcile goes on instead of failing. An update of one another reconcile deleted makes it again.
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { afterEach, describe, expect, it } from 'vitest';
import { sdkScheduler } from '../../functions/adapters/scheduler.ts';
import { createFaults, faultPlanOf, type Faults } from '../../infra/local/faults.ts';
import { startSchedulerEmulator } from '../../infra/local/scheduler-emulator.ts';

const local = { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const settings = () => ({
  group: 'pickem-processes',
  targetArn: 'arn:aws:lambda:local:0:function:jobs',
  roleArn: 'arn:aws:iam::0:role/scheduler',
});
const spec = { name: 'live-scores', expression: 'rate(1 minute)', enabled: true, input: '{"processId":7}' };

let closeEmulator: () => Promise<void> = async () => {};
afterEach(() => closeEmulator());

/** The Scheduler's first answer lost after it acted (a timeout after the write); every later call answered. */
function firstAnswerLost(): Faults {
  const faults = createFaults(faultPlanOf({ PICKEM_FAULTS: 'timeoutAfterWrite:1', PICKEM_FAULTS_SEED: '1' })!);
  let calls = 0;
  return { ...faults, forCall: (call) => (calls++ === 0 ? faults.forCall(call) : undefined) };
}

async function schedulerWith(faults: Faults | undefined) {
  const emulator = await startSchedulerEmulator({
    file: undefined,
    now: () => new Date('2026-11-22T17:00:00Z'),
    fire: () => undefined,
    held: true,
    faults,
  });
  closeEmulator = () => emulator.close();
  return sdkScheduler(new SchedulerClient({ ...local, endpoint: emulator.endpoint, maxAttempts: 2 }), settings);
}

describe('making a schedule', () => {
  it('whose answer is lost after the Scheduler made it ends with the schedule as asked, not a conflict', async () => {
    const scheduler = await schedulerWith(firstAnswerLost());
    await expect(scheduler.create(spec)).resolves.toBeUndefined();
    expect(await scheduler.get(spec.name)).toMatchObject({ ...spec, targetsThisDeployment: true });
  });

  it('that another made first is set to what this one asks', async () => {
    const scheduler = await schedulerWith(undefined);
    await scheduler.create({ ...spec, expression: 'cron(0 13 22 11 ? 2026)', enabled: false });
    await scheduler.create(spec);
    expect(await scheduler.get(spec.name)).toMatchObject({ expression: 'rate(1 minute)', enabled: true });
  });

  it('updated after another reconcile deleted it is made again as this one asks', async () => {
    const scheduler = await schedulerWith(undefined);
    await expect(scheduler.update(spec)).resolves.toBeUndefined();
    expect(await scheduler.get(spec.name)).toMatchObject({ ...spec, targetsThisDeployment: true });
  });
});
