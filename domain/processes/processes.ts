// The system's recurring jobs (docs/rules.md, Processes) and the rules of their schedules: when a schedule
// runs, in America/New_York, as EventBridge Scheduler cron expressions.
import { Periodicity, type ProcessSchedule } from '../contracts/processes.ts';
import { ValidationError } from '../errors.ts';

export const ProcessId = {
  ImportGames: 1,
  ImportScores: 2,
  ImportSpreads: 3,
  CloseWeek: 4,
  PickReminders: 5,
  LiveScores: 6,
} as const;
export type ProcessId = (typeof ProcessId)[keyof typeof ProcessId];

export interface ProcessDefinition {
  id: ProcessId;
  name: string;
  description: string;
}

export const processes: readonly ProcessDefinition[] = [
  {
    id: ProcessId.ImportGames,
    name: 'Import Games',
    description: "Imports every sport's games from today to the end of its current season",
  },
  {
    id: ProcessId.ImportScores,
    name: 'Import Scores',
    description: 'Records the games’ scores and closes the finished weeks for every client playing the sport',
  },
  {
    id: ProcessId.ImportSpreads,
    name: 'Import Spreads',
    description: "Imports every sport's spreads of the current week",
  },
  {
    id: ProcessId.CloseWeek,
    name: 'Close Week',
    description: 'Closes the finished weeks of every client, for sports whose scores were not imported yet',
  },
  {
    id: ProcessId.PickReminders,
    name: 'Pick Reminders',
    description:
      "Mails each player who has not placed all five picks a reminder before the week's locks (it also sets its own schedule)",
  },
];

export const processById = (id: number) => processes.find((process) => process.id === id);

/** Not on the processes page: its one schedule follows the games (live-window.ts), never an administrator. */
export const liveScoresProcess: ProcessDefinition = {
  id: ProcessId.LiveScores,
  name: 'Live Scores',
  description: 'Records the scores of the games under way, about once a minute while any is',
};

/** A process the Scheduler may run: one of the page's, or Live Scores. */
export const runnableProcessById = (id: number) => (id === liveScoresProcess.id ? liveScoresProcess : processById(id));

export const scheduleTimeZone = 'America/New_York';

/** A schedule as asked for: a new one has no id yet. */
export interface ScheduleRequest {
  id?: number | undefined;
  active: boolean;
  executionHour: number | null;
  executionMinute: number | null;
  periodicity: Periodicity;
  monthDay?: number | null | undefined;
}

const whole = (value: number | null | undefined, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export type ScheduleProblem = 'HOUR' | 'MINUTE' | 'MONTH_DAY';
type ScheduleTimes = Pick<ScheduleRequest, 'executionHour' | 'executionMinute' | 'periodicity' | 'monthDay'>;

/**
 * What is wrong with a schedule, field by field: the hour 0–23 and the minute 0–59 are required; a monthly
 * schedule needs its month day 1–31. The server and the schedule form each say these in their own words.
 */
export function scheduleProblems(
  request: ScheduleTimes,
): Partial<Record<'executionHour' | 'executionMinute' | 'monthDay', ScheduleProblem>> {
  return {
    ...(!whole(request.executionHour, 0, 23) && { executionHour: 'HOUR' }),
    ...(!whole(request.executionMinute, 0, 59) && { executionMinute: 'MINUTE' }),
    ...(request.periodicity === Periodicity.Monthly && !whole(request.monthDay, 1, 31) && { monthDay: 'MONTH_DAY' }),
  };
}

const refusals: Record<ScheduleProblem, string> = {
  HOUR: 'the execution hour must be a whole number from 0 to 23',
  MINUTE: 'the execution minute must be a whole number from 0 to 59',
  MONTH_DAY: 'a monthly schedule needs its day of the month, a whole number from 1 to 31',
};

/**
 * The schedule as it is kept, or a ValidationError saying what is wrong (scheduleProblems); a daily schedule
 * has no month day (it is cleared).
 */
export function validSchedule(
  processName: string,
  request: ScheduleRequest,
  id: number,
): Omit<ProcessSchedule, 'version'> {
  const problems = scheduleProblems(request);
  const problem = problems.executionHour ?? problems.executionMinute ?? problems.monthDay;
  if (problem) throw new ValidationError(`${processName}: ${refusals[problem]}`, undefined, problem);
  return {
    id,
    active: request.active,
    executionHour: request.executionHour!,
    executionMinute: request.executionMinute!,
    periodicity: request.periodicity,
    monthDay: request.periodicity === Periodicity.Monthly ? request.monthDay! : null,
  };
}

/**
 * The EventBridge Scheduler cron expressions (time zone America/New_York) that together run the schedule once
 * on each of its days. A month without the chosen day runs on its last day: day 31 is `L`; days 29 and 30 run
 * on that day in every month but February, and on February's last day (28 or 29) through a second expression,
 * because Scheduler accepts `L` only on its own in the day-of-month field.
 */
export function scheduleExpressions(schedule: Omit<ProcessSchedule, 'version'>): string[] {
  const { executionMinute: minute, executionHour: hour } = schedule;
  const cron = (day: string, month: string) => `cron(${minute} ${hour} ${day} ${month} ? *)`;
  if (schedule.periodicity === Periodicity.Daily) return [cron('*', '*')];
  const day = schedule.monthDay!;
  if (day <= 28) return [cron(String(day), '*')];
  if (day === 31) return [cron('L', '*')];
  return [cron(String(day), '1,3-12'), cron('L', '2')];
}
