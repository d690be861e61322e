import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { liveAlias } from './lambda-function.ts';

export interface DeploysProps {
  functions: NodejsFunction[];
  /** The alarms that stop a deploy of the function and send its `live` alias back to the old version. */
  rollbackAlarms: ReadonlyMap<NodejsFunction, IAlarm[]>;
}

/**
 * A deploy that can go back: each new version takes 10% of the `live` alias's traffic for 5 minutes, then all
 * of it; if one of its alarms fires meanwhile (or the deploy is stopped), CodeDeploy points `live` back.
 */
export class Deploys extends Construct {
  readonly application: LambdaApplication;

  constructor(scope: Construct, id: string, { functions, rollbackAlarms }: DeploysProps) {
    super(scope, id);
    this.application = new LambdaApplication(this, 'application');
    for (const fn of functions) {
      new LambdaDeploymentGroup(this, fn.node.id, {
        application: this.application,
        alias: liveAlias(fn),
        deploymentConfig: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
        alarms: rollbackAlarms.get(fn) ?? [],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
    }
    new CfnOutput(Stack.of(this), 'DeployApplication', { value: this.application.applicationName });
  }
}
