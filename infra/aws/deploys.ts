import { ArnFormat, CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnAlias, IFunction, ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { liveAlias, pickemFunction } from './lambda-function.ts';

export interface DeploysProps {
  functions: NodejsFunction[];
  /** The function whose new version builds the views layout (`rebuild-views`) before any version takes traffic. */
  jobs: NodejsFunction;
  layer: ILayerVersion;
  /** The alarms that stop a deploy of the function and send its `live` alias back to the old version. */
  rollbackAlarms: ReadonlyMap<NodejsFunction, IAlarm[]>;
}

/**
 * A deploy that can go back: each new version takes 10% of the `live` alias's traffic for 5 minutes, then all
 * of it; if one of its alarms fires meanwhile (or the deploy is stopped), CodeDeploy points `live` back.
 * Before any new version takes traffic, the pre-traffic hook builds the new release's views layout.
 */
export class Deploys extends Construct {
  readonly application: LambdaApplication;
  readonly preTrafficHook: NodejsFunction;
  /** One per function, shifting its `live` alias. */
  readonly groups: LambdaDeploymentGroup[] = [];

  constructor(scope: Construct, id: string, { functions, jobs, layer, rollbackAlarms }: DeploysProps) {
    super(scope, id);
    this.application = new LambdaApplication(this, 'application');
    // Every group runs the hook (the groups deploy in parallel and every function reads or feeds the views);
    // one at a time, so two rebuilds of the same layout never write over each other.
    this.preTrafficHook = pickemFunction(this, 'preTrafficHook', {
      entry: 'functions/deploy/pre-traffic-hook.ts',
      layer,
      live: false,
      timeout: (jobs.timeout ?? Duration.seconds(3)).plus(Duration.minutes(1)),
      reservedConcurrentExecutions: 1,
      environment: { JOBS_VERSION_ARN: jobs.currentVersion.functionArn },
    });
    jobs.currentVersion.grantInvoke(this.preTrafficHook);
    this.grantReportToEveryGroup(this.preTrafficHook);
    for (const fn of functions) {
      const group = new LambdaDeploymentGroup(this, fn.node.id, {
        application: this.application,
        alias: liveAlias(fn),
        deploymentConfig: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
        alarms: rollbackAlarms.get(fn) ?? [],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      runBeforeTraffic(fn, this.preTrafficHook);
      this.preTrafficHook.grantInvoke(group.role);
      this.groups.push(group);
    }
    new CfnOutput(Stack.of(this), 'DeployApplication', { value: this.application.applicationName });
  }

  /**
   * The hook reports its outcome to the deployment group that ran it: any of the application's. Not CDK's `preHook`,
   * whose grant names each group: a group watches its function's alarms, which watch the function, whose environment
   * may name another function's alias, whose update names the hook, whose policy would name the group, a loop
   * CloudFormation refuses. The application depends on nothing.
   */
  private grantReportToEveryGroup(hook: NodejsFunction) {
    const groups = Stack.of(this).formatArn({
      service: 'codedeploy',
      resource: 'deploymentgroup',
      resourceName: `${this.application.applicationName}/*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    hook.addToRolePolicy(
      new PolicyStatement({ actions: ['codedeploy:PutLifecycleEventHookExecutionStatus'], resources: [groups] }),
    );
  }
}

/** CodeDeploy runs the hook before shifting the function's `live` alias; the group keeps the application and its name. */
function runBeforeTraffic(fn: NodejsFunction, hook: IFunction) {
  const alias = liveAlias(fn).node.defaultChild as CfnAlias;
  const update = alias.cfnOptions.updatePolicy?.codeDeployLambdaAliasUpdate;
  if (!update) throw new Error(`No deployment group shifts the live alias of ${fn.node.path}.`);
  alias.cfnOptions.updatePolicy = {
    codeDeployLambdaAliasUpdate: { ...update, beforeAllowTrafficHook: hook.functionName },
  };
}
