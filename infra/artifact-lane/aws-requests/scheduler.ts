// EventBridge Scheduler's authorizations: each operation on the schedule in its group, and PassRole of a target's role.
import {
  type AuthorizationRequest,
  type AwsRequest,
  jsonBody,
  own,
  type RequestOptions,
  unknownOperation,
  urlOf,
} from './signed-request.ts';

const scheduleActions: Record<string, string> = {
  POST: 'CreateSchedule',
  PUT: 'UpdateSchedule',
  GET: 'GetSchedule',
  DELETE: 'DeleteSchedule',
};

export function schedulerRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const url = urlOf(request);
  if (request.method === 'GET' && url.pathname === '/schedules')
    return [{ action: 'scheduler:ListSchedules', resource: '*', context: {} }];
  const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
  const operation = match && own(scheduleActions, request.method);
  if (!operation) throw unknownOperation('scheduler', `${request.method} ${url.pathname}`);
  const body = (request.method === 'POST' || request.method === 'PUT' ? jsonBody(request) : {}) as {
    GroupName?: string;
    Target?: { RoleArn?: string };
  };
  const group = body.GroupName ?? url.searchParams.get('groupName') ?? 'default';
  const name = decodeURIComponent(match[1]!);
  const schedule = {
    action: `scheduler:${operation}`,
    resource: `arn:aws:scheduler:${options.region}:${options.account}:schedule/${group}/${name}`,
    context: {},
  };
  const role = body.Target?.RoleArn;
  if (!role) return [schedule];
  return [
    schedule,
    { action: 'iam:PassRole', resource: role, context: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
  ];
}
