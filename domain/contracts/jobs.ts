// The async jobs' contracts: per job type, the payload the route that queues it stores and the handler that
// runs it reads, and the counts its finished record answers (GET /api/Job/status).
import * as z from 'zod/mini';
import { instant, int, text } from './answers.ts';
import type { JobType } from './job-types.ts';

const counts = z.record(text, int);
const sport = z.object({ sportId: int });

export const jobContracts = {
  ImportSeason: { payload: z.object({ sportId: int, seasonYear: int }), result: counts },
  ImportGames: { payload: z.object({ sportId: int, date: text }), result: counts },
  ImportResults: { payload: sport, result: counts },
  ImportSpreads: { payload: sport, result: counts },
  ImportTeams: { payload: sport, result: counts },
  ImportUsers: { payload: z.object({ clientId: int }), result: counts },
  CloseWeek: { payload: z.object({ sportId: int, weekId: int }), result: z.object({ penalties: int }) },
  /** A process's scheduled run (functions/jobs/processes.ts). */
  Process: {
    payload: z.object({ processId: int, scheduledTime: instant, scheduleId: z.optional(int) }),
    result: counts,
  },
} satisfies Record<JobType, { payload: z.ZodMiniType; result: z.ZodMiniType }>;

export type { JobType };
export type JobPayload<T extends JobType> = z.infer<(typeof jobContracts)[T]['payload']>;
export type JobCounts<T extends JobType> = z.infer<(typeof jobContracts)[T]['result']>;

export const isJobType = (type: string): type is JobType => Object.hasOwn(jobContracts, type);

/** The payload as the job's contract reads it: a stored payload that does not fit fails the job, named. */
export function jobPayload<T extends JobType>(type: T, payload: unknown): JobPayload<T> {
  const parsed = jobContracts[type].payload.safeParse(payload);
  if (!parsed.success) throw new Error(`The ${type} job's payload does not fit its contract: ${parsed.error.message}`);
  return parsed.data as JobPayload<T>;
}
