// The system's recurring jobs and their schedules (the processes page). Times are in America/New_York.
import * as z from 'zod/mini';
import { int, nullableInt, text } from './answers.ts';
import { jobFields, type JobRecord } from './jobs.ts';
import { answer, defineContract } from './contract.ts';
import { count, flag, id } from './fields.ts';

export const Periodicity = { Daily: 1, Monthly: 2 } as const;
export type Periodicity = (typeof Periodicity)[keyof typeof Periodicity];

export interface ProcessSchedule {
  id: number;
  active: boolean;
  /** 0–23, New York time. */
  executionHour: number;
  /** 0–59. */
  executionMinute: number;
  periodicity: Periodicity;
  /** 1–31 when monthly (a month without that day runs on its last day); null when daily. */
  monthDay: number | null;
  /** Counts its edits (0 before the first): an edit names the one it was made from. */
  version: number;
}

/** A run of a process: its job record (queued, running with a lease, succeeded with counts, failed with the error). */
export type ProcessRun = Pick<
  JobRecord,
  'jobId' | 'status' | 'queuedAt' | 'startedAt' | 'finishedAt' | 'counts' | 'error'
>;

export interface Process {
  id: number;
  name: string;
  description: string;
  processSchedule: ProcessSchedule[];
  /** The latest runs, newest first (at most 5). */
  recentRuns: ProcessRun[];
}

const { jobId, status, queuedAt, startedAt, finishedAt, counts, error } = jobFields;
const processAnswer: z.ZodMiniType<Process> = z.object({
  id: int,
  name: text,
  description: text,
  processSchedule: z.array(
    z.object({
      id: int,
      active: z.boolean(),
      executionHour: int,
      executionMinute: int,
      periodicity: z.enum(Periodicity),
      monthDay: nullableInt,
      version: int,
    }),
  ),
  recentRuns: z.array(z.object({ jobId, status, queuedAt, startedAt, finishedAt, counts, error })),
});

export const processList = defineContract({
  method: 'POST',
  path: '/Services/api/Process/list',
  input: 'form',
  read: true,
  summary: 'The processes with their schedules and latest runs',
  request: z.object({}),
  response: answer<Process[]>(z.array(processAnswer)),
});

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.union([z.int({ error: message }).check(z.gte(min, message), z.lte(max, message)), z.null()], {
    error: message,
  });
};

const scheduleInput = z.object({
  /** Left out for a new schedule. */
  id: z.optional(id('id')),
  active: flag,
  executionHour: wholeNumber('executionHour', 0, 23),
  executionMinute: wholeNumber('executionMinute', 0, 59),
  periodicity: z.union([z.literal(Periodicity.Daily), z.literal(Periodicity.Monthly)], {
    error: 'periodicity must be 1 (once a day) or 2 (once a month)',
  }),
  monthDay: z.optional(wholeNumber('monthDay', 1, 31)),
  /** The schedule's version an edit was made from (its row's); 409 SCHEDULE_CHANGED when another edit came since. */
  version: z.optional(count('version')),
});

/** The schedules a process keeps at most (deleted ones aside). */
export const maxSchedulesPerProcess = 20;

export const alterProcesses = defineContract({
  method: 'POST',
  path: '/Services/api/Process/alter',
  input: 'json',
  invalidates: ['processList'],
  summary:
    'Creates, changes and deactivates schedules of several processes in one call: all are checked first, none applied if one is refused',
  request: z
    .array(
      z.object({
        id: id('id'),
        processSchedule: z
          .array(scheduleInput)
          .check(z.maxLength(maxSchedulesPerProcess, `At most ${maxSchedulesPerProcess} schedules a process`)),
      }),
    )
    .check(z.minLength(1, 'Name at least one process'), z.maxLength(20, 'At most 20 processes at once')),
  response: answer<Process[]>(z.array(processAnswer)),
  refusals: [404, 409],
});

export const deleteSchedule = defineContract({
  method: 'DELETE',
  path: '/Services/api/Process/delete',
  input: 'query',
  invalidates: ['processList'],
  summary: 'Deletes a schedule',
  request: z.object({ id: id('id') }),
  response: answer<{ id: number }>(z.object({ id: int })),
  refusals: [404, 409],
});

export const processesContracts = { processList, alterProcesses, deleteSchedule };
