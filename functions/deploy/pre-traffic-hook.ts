// CodeDeploy's BeforeAllowTraffic hook of every deployment group: runs the new release's start-up
// (functions/lifecycle/start-up.ts: its views layout, the migrations, the repairs) as the `start-up` operation of
// the new version of the jobs function, so no new version serves views of a layout that is not built yet or state
// not migrated yet (docs/views-rebuild.md). The deploy goes on only if the start-up answered.
import { CodeDeployClient, PutLifecycleEventHookExecutionStatusCommand } from '@aws-sdk/client-codedeploy';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { logger } from '../adapters/logger.ts';

/** What CodeDeploy sends a lifecycle hook. */
export interface LifecycleHookEvent {
  DeploymentId: string;
  LifecycleEventHookExecutionId: string;
}

export interface HookClients {
  lambda: Pick<LambdaClient, 'send'>;
  codeDeploy: Pick<CodeDeployClient, 'send'>;
}

/** Invokes `start-up` on the jobs version and answers Succeeded only if it returned without an error. */
export async function startNewRelease(lambda: HookClients['lambda'], jobsVersionArn: string) {
  try {
    const answer = await lambda.send(
      new InvokeCommand({
        FunctionName: jobsVersionArn,
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify({ operation: 'start-up' })),
      }),
    );
    const payload = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
    if (answer.FunctionError) {
      logger.error('start-up failed', { functionError: answer.FunctionError, payload });
      return 'Failed';
    }
    logger.info('start-up finished', { answer: payload });
    return 'Succeeded';
  } catch (error) {
    logger.error('start-up could not be invoked', { error: error as Error });
    return 'Failed';
  }
}

export async function runPreTrafficHook(clients: HookClients, jobsVersionArn: string, event: LifecycleHookEvent) {
  const status = await startNewRelease(clients.lambda, jobsVersionArn);
  await clients.codeDeploy.send(
    new PutLifecycleEventHookExecutionStatusCommand({
      deploymentId: event.DeploymentId,
      lifecycleEventHookExecutionId: event.LifecycleEventHookExecutionId,
      status,
    }),
  );
  return status;
}

const clients: HookClients = { lambda: new LambdaClient({}), codeDeploy: new CodeDeployClient({}) };

export const handler = (event: LifecycleHookEvent) => runPreTrafficHook(clients, process.env.JOBS_VERSION_ARN!, event);
