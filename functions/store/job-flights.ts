// The feed imports (docs/rules.md, Jobs) each read a sports feed every client shares, and a feed with a quota (The
// Odds API) pays for every read. Two claims (claims.ts) keep the reads few:
// - the client's start, per client, kind and sport, taken by the request: one open job of them at a time (a second
//   request is refused with 409 naming it) and none started within importCooldownMs of the last (429);
// - the flight, per kind and sport across clients, taken by the worker before the job reads the feed: a job whose
//   flight another job holds stays queued, and the job landing the flight invokes the oldest one waiting for it (the
//   maintenance invokes a waiting job again every minute should that invocation be lost). A client is never refused
//   for another's import, and learns nothing of it: its own job waits, then runs.
import { waitText } from '#domain/auth/sign-in-throttle.ts';
import { currentJobType } from '#domain/contracts/job-types.ts';
import type { JobRecord, JobType } from '#domain/contracts/jobs.ts';
import { ConflictError, type DomainError, TooManyRequestsError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import type { JobRequest } from '../adapters/job-queue.ts';
import { type Claim, claimFor, claimGraceMs, claimIfFree, releaseClaim } from './claims.ts';
import { keys } from './keys.ts';
import { getItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;
type Flight = Claim<{ clientId: number }>;

/** The feed imports, as their actions read. */
const feedImports: Partial<Record<JobType, string>> = {
  ImportSeason: 'Start New Season',
  ImportGames: 'Import Games',
  ImportScores: 'Import Scores',
  ImportSpreads: 'Import Spreads',
  ImportTeams: 'Load Teams',
};

/** A client starts a feed import of a kind and sport at most once in this long (counted from the last start). */
export const importCooldownMs = 60_000;

const sportOf = (job: Pick<JobRequest, 'payload'>) => Number(job.payload.sportId);
const flightKey = (job: Pick<JobRequest, 'type' | 'payload'>) =>
  feedImports[job.type] ? keys.jobFlight(job.type, sportOf(job)) : undefined;
const isOpen = (record: Pick<JobRecord, 'status'>) => record.status === 'queued' || record.status === 'running';

/**
 * Whether the job the claim names is open (queued or running). One not recorded yet is for claimGraceMs: the
 * request that took the claim records its job next, unless it died in between.
 */
async function holderOpen(deps: Store, { holderId, holder, claimedAt }: Flight, now: Date) {
  const record = await getItem<JobRecord>(deps, keys.job(holder.clientId, holderId));
  return record ? isOpen(record) : now.getTime() - Date.parse(claimedAt) < claimGraceMs;
}

/** 409 JOB_RUNNING naming the client's own open job, which the caller may follow. */
const alreadyRunning = (jobId: number) =>
  new ConflictError(
    `This import is already running for the sport (job ${jobId}): follow it, or start another once it has finished`,
    'JOB_RUNNING',
    { jobId },
  );

/** 429 IMPORT_COOLDOWN, with the seconds left until the client may start it again. */
const coolingDown = (type: JobType, waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new TooManyRequestsError(
    `${feedImports[type]} was started for this sport less than ${waitText(importCooldownMs / 1000)} ago, and each ` +
      `run reads the sports feed: try again in ${waitText(seconds)}`,
    seconds,
    'IMPORT_COOLDOWN',
  );
};

/**
 * Takes the client's start of the job's kind and sport for a new job (a feed import; anything else starts freely):
 * 409 while the client's last one is open, 429 within importCooldownMs of its start.
 */
export async function takeStart(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, job: JobRequest): Promise<void> {
  if (!feedImports[job.type]) return;
  const now = deps.clock.now();
  const claim: Flight = { holderId: job.jobId, holder: { clientId: job.clientId }, claimedAt: now.toISOString() };
  let refusal: DomainError | undefined;
  const judge = async (last: Flight) => {
    const since = now.getTime() - Date.parse(last.claimedAt);
    if (await holderOpen(deps, last, now)) refusal = alreadyRunning(last.holderId);
    else if (since < importCooldownMs) refusal = coolingDown(job.type, importCooldownMs - since);
    else return 'stale' as const;
    return 'live' as const;
  };
  await claimFor(
    deps,
    keys.importStart(job.clientId, job.type, sportOf(job)),
    claim,
    judge,
    () => refusal ?? new ConflictError('This import is being started at this moment: try again shortly', 'JOB_RUNNING'),
  );
}

/**
 * Gives the client's start back after its request failed before recording the job, so that asking again is not
 * refused for a job that never was. One recorded keeps it: it runs (the maintenance invokes it should its invocation
 * be lost), and asking again is answered with it.
 */
export async function giveBackStart(deps: Store, job: JobRequest): Promise<void> {
  if (!feedImports[job.type] || (await getItem(deps, keys.job(job.clientId, job.jobId)))) return;
  await releaseClaim(deps, keys.importStart(job.clientId, job.type, sportOf(job)), job.jobId);
}

/**
 * Takes the flight of the job's kind and sport for it (the worker, before the job reads the feed): false while
 * another job of them holds it, queued or running. Any other job needs none.
 */
export async function takeFlight(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, job: JobRequest): Promise<boolean> {
  const key = flightKey(job);
  if (!key) return true;
  const now = deps.clock.now();
  const claim: Flight = { holderId: job.jobId, holder: { clientId: job.clientId }, claimedAt: now.toISOString() };
  return claimIfFree(deps, key, claim, async (flight) => ((await holderOpen(deps, flight, now)) ? 'live' : 'stale'));
}

/** The oldest queued job of the kind and sport but this one, of every client: the next to fly. */
async function nextWaiting(deps: Store, job: JobRequest): Promise<JobRequest | undefined> {
  type Open = JobRequest & Pick<JobRecord, 'status' | 'queuedAt'>;
  const open = (await queryAll<Open>(deps, keys.openJobsPartition, { index: 'GSI1' })).map(currentJobType);
  const [next] = open
    .filter((other) => other.type === job.type && other.status === 'queued' && sportOf(other) === sportOf(job))
    .filter((other) => other.jobId !== job.jobId)
    .sort((a, b) => (a.queuedAt ?? '').localeCompare(b.queuedAt ?? '') || a.jobId - b.jobId);
  if (!next) return undefined;
  const { jobId, type, clientId, actorId, payload } = next;
  return { jobId, type, clientId, actorId, payload };
}

/**
 * The job has finished: its flight, while it still holds it, is free, and the oldest job waiting for it is invoked
 * (one that another job took off meanwhile invokes when it lands).
 */
export async function landFlight(deps: Pick<Deps, 'db' | 'tables' | 'jobs'>, job: JobRequest): Promise<void> {
  const key = flightKey(job);
  if (!key) return;
  await releaseClaim(deps, key, job.jobId);
  if (await getItem(deps, key)) return;
  const next = await nextWaiting(deps, job);
  if (next) await deps.jobs.enqueue(next);
}
