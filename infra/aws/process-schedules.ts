// The process schedules' Scheduler group and role, and the minute's maintenance schedule.
import type { Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CfnSchedule, CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { selfSetSchedules } from '../../functions/adapters/scheduler.ts';
import { maintenanceSchedule } from '../../functions/lifecycle/maintenance-schedule.ts';
import { liveAlias } from './lambda-function.ts';

/**
 * Process schedules are EventBridge Scheduler schedules in this group, invoking the jobs function through a role
 * that may do nothing else; only the processes function manages them and passes that role, but for Live Scores'
 * own schedule, which the jobs function sets. Made in the stack itself, so their logical ids are the stack's.
 */
export function processSchedules(stack: Stack, jobs: NodejsFunction) {
  const prefix = stack.node.id;
  const scheduleGroup = new CfnScheduleGroup(stack, 'processSchedules', { name: `${prefix}-processes` });
  const schedulerRole = new Role(stack, 'schedulerRole', {
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
    description: 'Lets the process schedules invoke the jobs function, and nothing else',
  });
  liveAlias(jobs).grantInvoke(schedulerRole);
  // The minute's maintenance (functions/lifecycle/maintenance.ts): abandoned jobs invoked again, half-made accounts
  // finished. Outside the processes' group, which the processes function reconciles with the state table.
  const maintenance = new CfnSchedule(stack, 'maintenance', {
    name: `${prefix}-${maintenanceSchedule.name}`,
    groupName: maintenanceSchedule.group,
    description: 'Invokes the jobs function every minute to requeue abandoned jobs and finish half-made accounts',
    scheduleExpression: maintenanceSchedule.expression,
    state: 'ENABLED',
    flexibleTimeWindow: { mode: 'OFF' },
    target: {
      arn: liveAlias(jobs).functionArn,
      roleArn: schedulerRole.roleArn,
      input: JSON.stringify(maintenanceSchedule.input),
      // The next minute's run does the same work: a missed one is not worth a retry.
      retryPolicy: { maximumRetryAttempts: 0 },
    },
  });
  // The jobs function sets Live Scores' and Pick Reminders' own schedules from the games
  // (functions/jobs/self-set-schedules.ts), nothing else.
  jobs.addToRolePolicy(
    new PolicyStatement({
      actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:GetSchedule'],
      resources: selfSetSchedules.map((name) =>
        stack.formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${scheduleGroup.name}/${name}`,
        }),
      ),
    }),
  );
  jobs.addToRolePolicy(
    new PolicyStatement({
      actions: ['iam:PassRole'],
      resources: [schedulerRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    }),
  );
  jobs.addEnvironment('SCHEDULE_GROUP', scheduleGroup.name!);
  jobs.addEnvironment('SCHEDULER_ROLE_ARN', schedulerRole.roleArn);
  return { scheduleGroup, schedulerRole, maintenance };
}
