// Admin loads run as async jobs: the call answers at once with a job id, the status call tells
// queued / running / succeeded / failed with counts. Jobs are kept per client.
import { mayReadJob } from '#domain/auth/job-readers.ts';
import { currentJobType } from '#domain/contracts/job-types.ts';
import { jobPayload, type JobPayload, type JobRecord, type JobType } from '#domain/contracts/jobs.ts';
import { NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { logger } from '../../adapters/logger.ts';
import { playedWeek } from '../../store/catalogue.ts';
import { keys } from '../../store/keys.ts';
import { giveBackStart, takeStart } from '../../store/job-flights.ts';
import { queueJob } from '../../store/job-records.ts';
import { getItem } from '../../store/state-table.ts';
import type { RouteImpl } from '../area-api.ts';
import type { Caller } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';

/**
 * Records the job as queued and enqueues it, answering its id; `prepare` stores what the job reads besides its
 * payload. A feed import the client started less than a minute ago, or whose last one is open, is refused (429,
 * 409: store/job-flights.ts); one that another client's import of its kind and sport holds up waits, queued.
 */
export async function queueNewJob<T extends JobType>(
  deps: Deps,
  caller: Caller,
  type: T,
  payload: JobPayload<T>,
  prepare?: (jobId: number) => Promise<void>,
): Promise<number> {
  const jobId = await deps.ids.next('job');
  const job = { jobId, type, clientId: caller.client.id, actorId: caller.user.id, payload: jobPayload(type, payload) };
  await takeStart(deps, job);
  try {
    await prepare?.(jobId);
    await queueJob(deps, job, caller.user.displayName || caller.user.login);
  } catch (error) {
    // Failed here (AWS's bad minute answers 503), the request is asked again: the start is free unless the job was
    // recorded, which that answer then names.
    await giveBackStart(deps, job).catch((release: unknown) =>
      logger.warn('The start of a failed job request was not given back: it frees itself within a minute', {
        jobId,
        error: release,
      }),
    );
    throw error;
  }
  return jobId;
}

/** An admin load's call: the job queued, answered at once with its id. */
export const startJob = async <T extends JobType>(...args: Parameters<typeof queueNewJob<T>>) =>
  reply(202, { jobId: await queueNewJob(...args), status: 'queued' as const });

export const closeWeekJob: RouteImpl<'closeWeekJob'> = async ({ input: { sportId, weekId }, caller }, deps) => {
  await playedWeek(deps, caller.client.id, { sportId, weekId });
  return startJob(deps, caller, 'CloseWeek', { sportId, weekId });
};

export const jobStatus: RouteImpl<'jobStatus'> = async ({ input: { id }, caller }, deps) => {
  const stored = await getItem<JobRecord & { leaseHolder?: string; progressAttempt?: number }>(
    deps,
    keys.job(caller.client.id, id),
  );
  const record = stored && currentJobType(stored);
  // Another's job the caller may not read answers as one that does not exist: its id tells nothing.
  if (!record || !mayReadJob({ userId: caller.user.id, permissions: caller.permissions }, record))
    throw new NotFoundError(`There is no job ${id} for your client`, 'UNKNOWN_JOB');
  // The lease's holder and the attempt that last noted progress (functions/store/job-records.ts) are the workers' own.
  const { leaseHolder: _holder, progressAttempt: _progressed, ...job } = record;
  return job;
};
