// Process schedules run as EventBridge Scheduler schedules in the stack's schedule group, each invoking the jobs
// function with its process as input. The state table is the source of truth: reconcile makes the group match
// it (functions/jobs/reconcile-schedules.ts), so a change that failed half-way at the Scheduler API is repaired
// by the next reconcile. Locally AWS_ENDPOINT_URL_SCHEDULER points at the runtime's Scheduler emulator.
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { scheduleTimeZone } from '#domain/processes/processes.ts';
import { ConflictError } from '#domain/errors.ts';
import { awsClientConfig } from './aws-client-config.ts';
import type { Settings } from './settings.ts';

/** The one schedule of Live Scores, set by functions/jobs/live-scores.ts. */
export const liveScheduleName = 'live-scores';
/** The one schedule Pick Reminders sets itself, at the next reminder (functions/jobs/pick-reminders.ts). */
export const pickRemindersScheduleName = 'pick-reminders';
/** The schedules the code sets from the data, not from the processes table: reconcile leaves them alone. */
export const selfSetSchedules: readonly string[] = [liveScheduleName, pickRemindersScheduleName];

/** What the Scheduler sends the jobs function at each run; it fills in the run's scheduled time. */
export interface ScheduledRun {
  processId: number;
  scheduleId: number;
  scheduledTime: string;
}

export const scheduledTimePlaceholder = '<aws.scheduler.scheduled-time>';

export interface ScheduleSpec {
  name: string;
  expression: string;
  enabled: boolean;
  /** The JSON the target receives. */
  input: string;
}

/** A schedule as the Scheduler holds it. */
export interface HeldSchedule extends ScheduleSpec {
  /** Whether it invokes the target, with the role, this deployment names (a deploy may move them to an alias). */
  targetsThisDeployment: boolean;
}

export interface Scheduler {
  /** The names of the schedules in the group. */
  list(): Promise<string[]>;
  get(name: string): Promise<HeldSchedule | undefined>;
  /** Made as asked, also when it is there already. */
  create(spec: ScheduleSpec): Promise<void>;
  /** Set as asked, also when it is gone (made again). */
  update(spec: ScheduleSpec): Promise<void>;
  delete(name: string): Promise<void>;
}

export interface SchedulerSettings {
  group: string;
  targetArn: string;
  roleArn: string;
}

export function sdkScheduler(client: SchedulerClient, settings: () => SchedulerSettings): Scheduler {
  const request = (spec: ScheduleSpec) => {
    const { group, targetArn, roleArn } = settings();
    return {
      Name: spec.name,
      GroupName: group,
      ScheduleExpression: spec.expression,
      ScheduleExpressionTimezone: scheduleTimeZone,
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      State: spec.enabled ? ('ENABLED' as const) : ('DISABLED' as const),
      Target: { Arn: targetArn, RoleArn: roleArn, Input: spec.input },
    };
  };
  const create = async (spec: ScheduleSpec) => {
    try {
      await client.send(new CreateScheduleCommand(request(spec)));
    } catch (error) {
      // Already there: our own create retried after it took effect, or another reconcile's; either way the
      // schedule is made to say what this one asks.
      if (!(error instanceof ConflictException)) throw error;
      await client.send(new UpdateScheduleCommand(request(spec)));
    }
  };
  return {
    async list() {
      const names: string[] = [];
      let NextToken: string | undefined;
      do {
        const page = await client.send(new ListSchedulesCommand({ GroupName: settings().group, NextToken }));
        names.push(...(page.Schedules ?? []).flatMap((schedule) => (schedule.Name ? [schedule.Name] : [])));
        NextToken = page.NextToken;
      } while (NextToken);
      return names;
    },
    async get(name) {
      try {
        const { group, targetArn, roleArn } = settings();
        const found = await client.send(new GetScheduleCommand({ Name: name, GroupName: group }));
        return {
          name,
          expression: found.ScheduleExpression ?? '',
          enabled: found.State === 'ENABLED',
          input: found.Target?.Input ?? '',
          targetsThisDeployment: found.Target?.Arn === targetArn && found.Target?.RoleArn === roleArn,
        };
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    create,
    async update(spec) {
      try {
        await client.send(new UpdateScheduleCommand(request(spec)));
      } catch (error) {
        // Deleted since it was read, by another reconcile working from an older read of the table: made again.
        if (!(error instanceof ResourceNotFoundException)) throw error;
        await create(spec);
      }
    },
    async delete(name) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: name, GroupName: settings().group }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}

/** Read at first use: only the processes function is given the Scheduler's settings. */
export function schedulerFromEnv(env: Settings): Scheduler {
  let client: SchedulerClient | undefined;
  const settings = () => {
    const { SCHEDULE_GROUP: group, JOBS_FUNCTION_ARN: targetArn, SCHEDULER_ROLE_ARN: roleArn } = env;
    if (!group || !targetArn || !roleArn)
      throw new ConflictError('Process schedules are not set up on this deployment', 'SCHEDULER_NOT_SET');
    return { group, targetArn, roleArn };
  };
  const lazy = () => sdkScheduler((client ??= new SchedulerClient(awsClientConfig(env, 'SCHEDULER'))), settings);
  return {
    list: () => lazy().list(),
    get: (name) => lazy().get(name),
    create: (spec) => lazy().create(spec),
    update: (spec) => lazy().update(spec),
    delete: (name) => lazy().delete(name),
  };
}
