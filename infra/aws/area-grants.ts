// What each /Services area's Lambda may do beyond reading its secrets and invoking the jobs function.
import { Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Area } from '../../functions/http/routes.ts';
import { healthKey } from '../../functions/store/health-read.ts';
import { liveAlias } from './lambda-function.ts';
import { grantBuildCaches, grantRequestKeys, grantStampUpdates, grantTotalsRenames } from './partition-grants.ts';

export interface AreaGrantsProps {
  events: ITable;
  state: ITable;
  views: ITable;
  jobs: NodejsFunction;
  scheduleGroup: CfnScheduleGroup;
  schedulerRole: IRole;
}

/**
 * Least privilege per area: only the bets and spreads areas append events; only bets, leaderboard, admin and users
 * read the views, and users writes there only a renamed player's names on their week totals.
 */
export function areaGrants({
  events,
  state,
  views,
  jobs,
  scheduleGroup,
  schedulerRole,
}: AreaGrantsProps): Record<Area, (fn: NodejsFunction) => void> {
  return {
    auth: (fn) => state.grantReadWriteData(fn),
    // A rename reaches the player's week totals (views/rename-player.ts): the season pointers read, the totals updated.
    users: (fn) => {
      state.grantReadWriteData(fn);
      views.grantReadData(fn);
      grantTotalsRenames(fn, views);
    },
    catalogue: (fn) => {
      state.grantReadData(fn);
      grantBuildCaches(fn, state);
    },
    // The bets area reads the views for who has not picked (slip cells) and the games' pick shares.
    bets: (fn) => {
      state.grantReadData(fn);
      views.grantReadData(fn);
      grantBuildCaches(fn, state);
      events.grantReadWriteData(fn);
      grantStampUpdates(fn, state);
      // A pick saved under a request key keeps its record (functions/http/request-key.ts).
      grantRequestKeys(fn, state);
    },
    leaderboard: (fn) => {
      state.grantReadData(fn);
      views.grantReadData(fn);
      grantBuildCaches(fn, state);
    },
    // The imports queue jobs and keep their records in the state table; they never read the views.
    imports: (fn) => state.grantReadWriteData(fn),
    // User activity counts who picked this season from the season index (every player's latest total).
    admin: (fn) => {
      state.grantReadWriteData(fn);
      views.grantReadData(fn);
    },
    // Manual lines are events on the game's stream and items in the state table.
    spreads: (fn) => {
      state.grantReadWriteData(fn);
      events.grantReadWriteData(fn);
    },
    // The schedules live in the state table and, as its copy, in the stack's schedule group.
    processes: (fn) => {
      state.grantReadWriteData(fn);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: [
            'scheduler:CreateSchedule',
            'scheduler:UpdateSchedule',
            'scheduler:DeleteSchedule',
            'scheduler:GetSchedule',
          ],
          resources: [
            Stack.of(fn).formatArn({
              service: 'scheduler',
              resource: 'schedule',
              resourceName: `${scheduleGroup.name}/*`,
            }),
          ],
        }),
      );
      // ListSchedules takes no resource in IAM; the function lists only its own group.
      fn.addToRolePolicy(new PolicyStatement({ actions: ['scheduler:ListSchedules'], resources: ['*'] }));
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
      fn.addEnvironment('SCHEDULE_GROUP', scheduleGroup.name!);
      fn.addEnvironment('JOBS_FUNCTION_ARN', liveAlias(jobs).functionArn);
      fn.addEnvironment('SCHEDULER_ROLE_ARN', schedulerRole.roleArn);
    },
    // One read of the health item of each table, and nothing else.
    health: (fn) =>
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:GetItem'],
          resources: [events.tableArn, state.tableArn, views.tableArn],
          conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [healthKey] } },
        }),
      ),
  };
}
