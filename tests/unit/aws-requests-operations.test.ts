// The IAM authorizations the artifact lane's proxy evaluates for the calls that manage the deployment rather than
// serve a request: the Scheduler's schedules, CodeDeploy's hook status and CloudFront's distribution config
// (infra/artifact-lane/aws-requests/), for the requests a real SDK client signs
// (tests/unit/support/signed-aws-requests.ts).
import { CloudFrontClient, GetDistributionConfigCommand, UpdateDistributionCommand } from '@aws-sdk/client-cloudfront';
import { CodeDeployClient, PutLifecycleEventHookExecutionStatusCommand } from '@aws-sdk/client-codedeploy';
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import { account, authorized, config, deploymentGroup, region } from './support/signed-aws-requests.ts';

const scheduler = new SchedulerClient(config);
const codeDeploy = new CodeDeployClient(config);
const cloudFront = new CloudFrontClient(config);

describe('EventBridge Scheduler', () => {
  const schedule = (group: string, name: string) => `arn:aws:scheduler:${region}:${account}:schedule/${group}/${name}`;
  const roleArn = `arn:aws:iam::${account}:role/pickem-scheduler`;
  const spec = {
    Name: 'live-scores',
    GroupName: 'PickemApi-processes',
    ScheduleExpression: 'rate(1 minute)',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    Target: { Arn: `arn:aws:lambda:${region}:${account}:function:jobs:live`, RoleArn: roleArn, Input: '{}' },
  };
  const passRole = {
    action: 'iam:PassRole',
    resource: roleArn,
    context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
  };

  it('checks CreateSchedule and UpdateSchedule on the schedule in its group, and PassRole of its target role to the Scheduler', async () => {
    expect(await authorized(() => scheduler.send(new CreateScheduleCommand(spec)))).toEqual([
      { action: 'scheduler:CreateSchedule', resource: schedule('PickemApi-processes', 'live-scores'), context: {} },
      passRole,
    ]);
    expect(await authorized(() => scheduler.send(new UpdateScheduleCommand(spec)))).toEqual([
      { action: 'scheduler:UpdateSchedule', resource: schedule('PickemApi-processes', 'live-scores'), context: {} },
      passRole,
    ]);
  });

  it('checks GetSchedule and DeleteSchedule on the schedule of the group they name, or the default group', async () => {
    const requests = [
      ...(await authorized(() => scheduler.send(new GetScheduleCommand({ Name: 'pick-reminders', GroupName: 'g' })))),
      ...(await authorized(() => scheduler.send(new DeleteScheduleCommand({ Name: 'pick-reminders' })))),
    ];
    expect(requests).toEqual([
      { action: 'scheduler:GetSchedule', resource: schedule('g', 'pick-reminders'), context: {} },
      { action: 'scheduler:DeleteSchedule', resource: schedule('default', 'pick-reminders'), context: {} },
    ]);
  });

  it('checks ListSchedules on every resource', async () => {
    expect(await authorized(() => scheduler.send(new ListSchedulesCommand({ GroupName: 'g' })))).toEqual([
      { action: 'scheduler:ListSchedules', resource: '*', context: {} },
    ]);
  });
});

describe('CodeDeploy', () => {
  const hook = (deploymentId: string) =>
    new PutLifecycleEventHookExecutionStatusCommand({
      deploymentId,
      lifecycleEventHookExecutionId: 'e-1',
      status: 'Succeeded',
    });

  it("checks PutLifecycleEventHookExecutionStatus on the deployment's group", async () => {
    expect(await authorized(() => codeDeploy.send(hook('d-1')))).toEqual([
      { action: 'codedeploy:PutLifecycleEventHookExecutionStatus', resource: deploymentGroup, context: {} },
    ]);
  });

  it('refuses a deployment whose group it does not know', async () => {
    await expect(authorized(() => codeDeploy.send(hook('d-2')))).rejects.toThrow(/deployment d-2/);
  });
});

describe('CloudFront', () => {
  const distribution = `arn:aws:cloudfront::${account}:distribution/E2ABC`;
  it('checks GetDistributionConfig and UpdateDistribution on the distribution', async () => {
    const requests = [
      ...(await authorized(() => cloudFront.send(new GetDistributionConfigCommand({ Id: 'E2ABC' })))),
      ...(await authorized(() =>
        cloudFront.send(
          new UpdateDistributionCommand({
            Id: 'E2ABC',
            IfMatch: 'ETAG',
            DistributionConfig: {
              CallerReference: 'r',
              Comment: '',
              Enabled: true,
              Origins: { Quantity: 0, Items: [] },
              DefaultCacheBehavior: { TargetOriginId: 'o', ViewerProtocolPolicy: 'https-only' },
            },
          }),
        ),
      )),
    ];
    expect(requests).toEqual([
      { action: 'cloudfront:GetDistributionConfig', resource: distribution, context: {} },
      { action: 'cloudfront:UpdateDistribution', resource: distribution, context: {} },
    ]);
  });
});
