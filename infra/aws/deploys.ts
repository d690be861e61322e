import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
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
    for (const fn of functions) {
      new LambdaDeploymentGroup(this, fn.node.id, {
        application: this.application,
        alias: liveAlias(fn),
        deploymentConfig: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
        alarms: rollbackAlarms.get(fn) ?? [],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
        preHook: this.preTrafficHook,
      });
    }
    new CfnOutput(Stack.of(this), 'DeployApplication', { value: this.application.applicationName });
  }
}
