// What AWS's services do to the functions beyond serving requests, as the lane plays them: a deploy (CodeDeploy's
// pre-traffic hook, then the CloudFormation trigger that reconciles) and a secret's rotation (Secrets Manager's
// pending version, then the rotation function's four steps).
import { RotateSecretCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { randomUUID } from 'node:crypto';
import { laneAccount } from './cloud-assembly.ts';
import type { FunctionSandboxes } from './function-sandboxes.ts';
import type { LambdaInvoker } from './lambda-invoker.ts';
import type { LaneFunction, ResolvedAssembly } from './template.ts';

interface RotationScheduleProperties {
  SecretId: string;
  RotationLambdaARN: string;
}

export interface DeploysAndRotationsOptions {
  region: string;
  assembly: ResolvedAssembly;
  functions: LaneFunction[];
  /** By the function's logical id. */
  sandboxes: Map<string, FunctionSandboxes>;
  sandboxOf: (nameOrArn: string) => FunctionSandboxes;
  invoker: Pick<LambdaInvoker, 'invoke' | 'noteError'>;
  /** Each deployment's group, for the IAM proxy; a deploy adds its own. */
  deployments: Map<string, string>;
  /** The status each deployment's hook reported to CodeDeploy. */
  hookStatuses: Map<string, string>;
  secrets: SecretsManagerClient;
}

export function deploysAndRotations({
  region,
  assembly,
  functions,
  sandboxes,
  sandboxOf,
  invoker: { invoke, noteError },
  deployments,
  hookStatuses,
  secrets,
}: DeploysAndRotationsOptions) {
  /** A deploy as CloudFormation and CodeDeploy run it: the pre-traffic hook, then the trigger that reconciles. */
  async function deploy() {
    const hook = functions.find((fn) => fn.environment.JOBS_VERSION_ARN)!;
    const group = assembly.resourcesOf('AWS::CodeDeploy::DeploymentGroup')[0]!;
    const application = assembly.resourcesOf('AWS::CodeDeploy::Application')[0]!;
    const deploymentId = `d-${randomUUID().slice(0, 9).toUpperCase()}`;
    deployments.set(
      deploymentId,
      `arn:aws:codedeploy:${region}:${laneAccount}:deploymentgroup:${assembly.ref(application.stack, application.id)}/${assembly.ref(group.stack, group.id)}`,
    );
    const outcome = noteError(
      'pre-traffic hook',
      await sandboxes
        .get(hook.logicalId)!
        .invoke({ DeploymentId: deploymentId, LifecycleEventHookExecutionId: randomUUID() }),
    );
    const trigger = assembly.resourcesOf('Custom::Trigger')[0]!;
    const handlerArn = String(assembly.resolve(trigger.stack, trigger.resource.Properties!.HandlerArn));
    const reconciled = await invoke(handlerArn, {}, 'RequestResponse');
    return { hook: outcome.result, hookStatus: hookStatuses.get(deploymentId), reconciled: reconciled?.payload };
  }

  /** Secrets Manager's rotation of a secret: a pending version, then the rotation function's four steps. */
  async function rotate(secretArn: string) {
    const schedule = assembly
      .resourcesOf('AWS::SecretsManager::RotationSchedule')
      .map(({ stack, resource }) => assembly.resolve(stack, resource.Properties) as RotationScheduleProperties)
      .find((properties) => properties.SecretId === secretArn);
    if (!schedule) throw new Error(`${secretArn} has no rotation schedule`);
    const token = randomUUID();
    await secrets.send(new RotateSecretCommand({ SecretId: secretArn, ClientRequestToken: token }));
    const rotation = sandboxOf(schedule.RotationLambdaARN);
    const steps: Record<string, unknown> = {};
    for (const Step of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'])
      steps[Step] =
        noteError(`rotation ${Step}`, await rotation.invoke({ SecretId: secretArn, ClientRequestToken: token, Step }))
          .error ?? 'ok';
    return steps;
  }

  return { deploy, rotate };
}
