// The deploy's pre-traffic hook: a new release takes traffic only once it has started up (its views layout built,
// its state migrated). AWS is the outside world here, so the Lambda and CodeDeploy clients are stubs that record
// what they were sent.
import { describe, expect, it } from 'vitest';
import { runPreTrafficHook, type HookClients } from '../../functions/deploy/pre-traffic-hook.ts';

const jobsVersion = 'arn:aws:lambda:eu-west-1:123456789012:function:pickem-jobs:42';
const event = { DeploymentId: 'd-ABC123', LifecycleEventHookExecutionId: 'hook-execution-1' };
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Clients whose Lambda answers (or throws) as given, and which keep every command's input. */
function stubClients(invoke: () => Promise<{ StatusCode: number; FunctionError?: string; Payload: Uint8Array }>) {
  const invoked: any[] = [];
  const statuses: any[] = [];
  const clients = {
    lambda: {
      send: (command: { input: unknown }) => {
        invoked.push(command.input);
        return invoke();
      },
    },
    codeDeploy: {
      send: (command: { input: unknown }) => {
        statuses.push(command.input);
        return Promise.resolve({});
      },
    },
  } as unknown as HookClients;
  return { clients, invoked, statuses };
}

const rebuilt = { layout: 7, commits: 120, events: 900, weeks: 3, caughtUp: 0, seconds: 0.4, eventsPerSecond: 2250 };

describe('pre-traffic hook', () => {
  it('runs the start-up (views layout, migrations, repairs) synchronously on the new jobs version, then lets the deploy go on', async () => {
    const { clients, invoked, statuses } = stubClients(() =>
      Promise.resolve({ StatusCode: 200, Payload: encode(rebuilt) }),
    );
    expect(await runPreTrafficHook(clients, jobsVersion, event)).toBe('Succeeded');
    expect(invoked).toHaveLength(1);
    expect(invoked[0]).toMatchObject({ FunctionName: jobsVersion, InvocationType: 'RequestResponse' });
    expect(JSON.parse(new TextDecoder().decode(invoked[0].Payload))).toEqual({ operation: 'start-up' });
    expect(statuses).toEqual([
      { deploymentId: 'd-ABC123', lifecycleEventHookExecutionId: 'hook-execution-1', status: 'Succeeded' },
    ]);
  });

  it('fails the deploy (so no new version takes traffic) when the start-up throws or times out', async () => {
    const error = { errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 300.00 seconds' };
    const { clients, statuses } = stubClients(() =>
      Promise.resolve({ StatusCode: 200, FunctionError: 'Unhandled', Payload: encode(error) }),
    );
    expect(await runPreTrafficHook(clients, jobsVersion, event)).toBe('Failed');
    expect(statuses).toEqual([expect.objectContaining({ deploymentId: 'd-ABC123', status: 'Failed' })]);
  });

  it('fails the deploy when the jobs version cannot be invoked at all', async () => {
    const { clients, statuses } = stubClients(() =>
      Promise.reject(
        Object.assign(new Error('User is not authorized to perform: lambda:InvokeFunction'), {
          name: 'AccessDeniedException',
        }),
      ),
    );
    expect(await runPreTrafficHook(clients, jobsVersion, event)).toBe('Failed');
    expect(statuses).toEqual([expect.objectContaining({ status: 'Failed' })]);
  });
});
