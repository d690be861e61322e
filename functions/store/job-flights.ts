// The feed imports fly one at a time per kind and sport (docs/rules.md, Jobs): each reads a sports feed every
// client shares, and with a feed that has a quota (The Odds API) two at once pay twice. The flight is a claim
// (claims.ts) its job holds while it is queued or running; of many requests at once one job is queued and the
// others are refused.
import type { JobRecord, JobType } from '#domain/contracts/jobs.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import type { JobRequest } from '../adapters/job-queue.ts';
import { type Claim, claimFor, claimGraceMs, releaseClaim } from './claims.ts';
import { keys } from './keys.ts';
import { getItem } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;
type Flight = Claim<{ clientId: number }>;

const singleFlight: ReadonlySet<JobType> = new Set([
  'ImportSeason',
  'ImportGames',
  'ImportResults',
  'ImportSpreads',
  'ImportTeams',
]);

const flightKey = (job: Pick<JobRequest, 'type' | 'payload'>) =>
  singleFlight.has(job.type) ? keys.jobFlight(job.type, Number(job.payload.sportId)) : undefined;

/**
 * The flight's job holds it while queued or running. One not recorded yet holds it for claimGraceMs: the request
 * that took the flight records its job next, unless it died in between.
 */
const flying =
  (deps: Store, now: Date) =>
  async ({ holderId, holder, claimedAt }: Flight): Promise<'live' | 'stale'> => {
    const record = await getItem<JobRecord>(deps, keys.job(holder.clientId, holderId));
    if (record) return record.status === 'queued' || record.status === 'running' ? 'live' : 'stale';
    return now.getTime() - Date.parse(claimedAt) < claimGraceMs ? 'live' : 'stale';
  };

/** 409 JOB_RUNNING, naming the open job when it is the caller's client's. */
const alreadyRunning = (clientId: number) => (live: Flight | undefined) =>
  live?.holder.clientId === clientId
    ? new ConflictError(
        `This import is already running for the sport (job ${live.holderId}): follow it, or start another once it has finished`,
        'JOB_RUNNING',
        { jobId: live.holderId },
      )
    : new ConflictError(
        'This import is already running for the sport: start it again once it has finished',
        'JOB_RUNNING',
      );

/** Takes the flight of the job's kind and sport for it, or 409 while another job of them is open. */
export async function takeFlight(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, job: JobRequest): Promise<void> {
  const key = flightKey(job);
  if (!key) return;
  const now = deps.clock.now();
  const claim: Flight = { holderId: job.jobId, holder: { clientId: job.clientId }, claimedAt: now.toISOString() };
  await claimFor(deps, key, claim, flying(deps, now), alreadyRunning(job.clientId));
}

/** The job has finished: its flight, while it still holds it, is free for the next job of its kind and sport. */
export async function landFlight(deps: Store, job: JobRequest): Promise<void> {
  const key = flightKey(job);
  if (key) await releaseClaim(deps, key, job.jobId);
}
