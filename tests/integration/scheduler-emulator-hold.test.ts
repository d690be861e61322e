// A test's given state comes before any schedule fires: a held Scheduler emulator fires only once released,
// and then what fell due meanwhile fires once, as a late Scheduler would.
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { afterAll, describe, expect, it } from 'vitest';
import { startSchedulerEmulator } from '../../infra/local/scheduler-emulator.ts';

describe('Scheduler emulator held for a given state', () => {
  let clock = new Date('2026-11-22T19:30:00Z');
  const fired: unknown[] = [];
  const emulator = startSchedulerEmulator({
    file: undefined,
    now: () => clock,
    fire: (_target, input) => fired.push(input),
    intervalMs: 5,
    held: true,
  });
  afterAll(async () => (await emulator).close());

  it('fires a rate schedule that fell due while held once, after release', async () => {
    const { endpoint, release } = await emulator;
    const client = new SchedulerClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await client.send(
      new CreateScheduleCommand({
        Name: 'live-scores',
        ScheduleExpression: 'rate(1 minute)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          Arn: 'arn:aws:lambda:local:000000000000:function:pickem-jobs',
          RoleArn: 'arn:aws:iam::000000000000:role/r',
          Input: '{"type":"liveScores","at":"<aws.scheduler.scheduled-time>"}',
        },
      }),
    );
    clock = new Date('2026-11-22T19:35:30Z');
    expect(fired).toEqual([]);
    release();
    await expect.poll(() => fired.length).toBe(1);
    expect(fired).toEqual([{ type: 'liveScores', at: '2026-11-22T19:35:00.000Z' }]);
    client.destroy();
  });
});
