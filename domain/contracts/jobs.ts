// The async jobs' contracts: per job type, the payload the route that queues it stores and the handler that
// runs it reads, and the counts its finished record answers (GET /api/Job/status); the job record itself.
import * as z from 'zod/mini';
import { instant, int, text } from './answers.ts';
import { type JobType, jobTypes } from './job-types.ts';
import { ownValue } from '../own-value.ts';

const counts = z.record(text, int);
const sport = z.object({ sportId: int });

export const jobContracts = {
  ImportSeason: { payload: z.object({ sportId: int, seasonYear: int }), result: counts },
  ImportGames: { payload: z.object({ sportId: int, date: text }), result: counts },
  ImportScores: { payload: sport, result: counts },
  ImportSpreads: { payload: sport, result: counts },
  ImportTeams: { payload: sport, result: counts },
  ImportUsers: { payload: z.object({ clientId: int }), result: counts },
  CloseWeek: { payload: z.object({ sportId: int, weekId: int }), result: z.object({ penalties: int }) },
  /** An announcement's mails (functions/jobs/mail-announcement.ts). */
  MailAnnouncement: { payload: z.object({ clientId: int, announcementId: int }), result: counts },
  /** A message to the administrators mailed to each of them (functions/jobs/mail-admin-message.ts). */
  MailAdminMessage: { payload: z.object({ messageId: int }), result: counts },
  /** A commissioner's nudge mailed to the week's players missing picks, once on `day` (functions/jobs/nudge.ts). */
  Nudge: {
    payload: z.object({ clientId: int, sportId: int, weekId: int, day: text, nudgedBy: text }),
    result: counts,
  },
  /** The self-set schedules set again, from the jobs function that may (functions/jobs/self-set-schedules.ts). */
  ArmSchedules: { payload: z.object({}), result: counts },
  /** A process's scheduled run (functions/jobs/processes.ts). */
  Process: {
    payload: z.object({ processId: int, scheduledTime: instant, scheduleId: z.optional(int) }),
    result: counts,
  },
} satisfies Record<JobType, { payload: z.ZodMiniType; result: z.ZodMiniType }>;

export type { JobType };
export type JobPayload<T extends JobType> = z.infer<(typeof jobContracts)[T]['payload']>;
export type JobCounts<T extends JobType> = z.infer<(typeof jobContracts)[T]['result']>;

export const isJobType = (type: string): type is JobType => ownValue(jobContracts, type) !== undefined;

/** The payload as the job's contract reads it: a stored payload that does not fit fails the job, named. */
export function jobPayload<T extends JobType>(type: T, payload: unknown): JobPayload<T> {
  const parsed = jobContracts[type].payload.safeParse(payload);
  if (!parsed.success) throw new Error(`The ${type} job's payload does not fit its contract: ${parsed.error.message}`);
  return parsed.data as JobPayload<T>;
}

/** An admin load runs as an async job: the call answers at once with the job's id. */
export interface QueuedJob {
  jobId: number;
  status: 'queued';
}

export const queuedJob: z.ZodMiniType<QueuedJob> = z.object({ jobId: int, status: z.literal('queued') });

/** A row a job refused: a CSV line (line, login) or a feed's item (what it was, e.g. "game 401547417"). */
export type RefusedRow = { line: number; login: string; reason: string } | { item: string; reason: string };

export interface JobRecord {
  jobId: number;
  type: JobType;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  queuedAt?: string;
  startedAt?: string;
  finishedAt?: string;
  /** How many times a worker has started it: more than 1 after a crash re-ran it. */
  attempts?: number;
  /** Until when the running attempt holds the job; after that another worker may re-run it. */
  leaseUntil?: string;
  /** What a finished job did, by name (results, changed, weeksClosed, penalties). */
  counts?: Record<string, number>;
  /** Why a failed job failed. */
  error?: string;
  /** How far a long job is (a CSV import: lines checked of all lines). */
  progress?: { done: number; total: number };
  /** The refused rows (the first 1,000; counts.refused has them all), each with its reason. */
  report?: { refused: RefusedRow[] };
  /** The client the job works for. */
  clientId?: number;
  /** Who started the job (the system client's process runner for a scheduled run). */
  actorId?: number;
  /** Who started the job, by name. */
  actorName?: string;
  /** When the record is swept, in epoch seconds: a scheduled Live Scores run is kept three days, others for good. */
  ttl?: number;
}

const refusedRow: z.ZodMiniType<RefusedRow> = z.union([
  z.object({ line: int, login: text, reason: text }),
  z.object({ item: text, reason: text }),
]);

/** The job record's fields, for the answers that show some of them. */
export const jobFields = {
  jobId: int,
  type: z.enum(jobTypes),
  payload: z.record(text, z.unknown()),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  queuedAt: z.optional(instant),
  startedAt: z.optional(instant),
  finishedAt: z.optional(instant),
  attempts: z.optional(int),
  leaseUntil: z.optional(instant),
  counts: z.optional(z.record(text, int)),
  error: z.optional(text),
  progress: z.optional(z.object({ done: int, total: int })),
  report: z.optional(z.object({ refused: z.array(refusedRow) })),
  clientId: z.optional(int),
  actorId: z.optional(int),
  actorName: z.optional(text),
  ttl: z.optional(int),
} satisfies Record<keyof JobRecord, z.ZodMiniType>;

export const jobRecord: z.ZodMiniType<JobRecord> = z.object(jobFields);
