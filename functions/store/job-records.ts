// A job's record in the state table is also its lease (docs/rules.md, Jobs): a worker runs a job
// only after claiming it with a conditional update, and only the claim's holder may renew or finish it.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { currentJobType } from '#domain/contracts/job-types.ts';
import type { Deps } from '../adapters/deps.ts';
import type { JobRequest } from '../adapters/job-queue.ts';
import { logger } from '../adapters/logger.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, putItem, setFields, updateIf } from './state-table.ts';

/**
 * Records the job as queued unless it is recorded already: its id was drawn for it, so a record there is the same
 * job's, recorded by an earlier attempt of its request (functions/http/request-key.ts) or another trigger of its run,
 * and may have run since. A job kept for a while only carries `ttl` (epoch seconds), by which the state table's TTL
 * sweeps it.
 */
export async function recordQueuedJob(
  deps: Pick<Deps, 'db' | 'tables' | 'clock'>,
  job: JobRequest,
  actorName: string,
  keepMs?: number,
) {
  const now = deps.clock.now();
  await putItem(
    deps,
    {
      ...keys.job(job.clientId, job.jobId),
      ...keys.openJob(job.clientId, job.jobId),
      ...job,
      actorName,
      status: 'queued',
      queuedAt: now.toISOString(),
      ...(keepMs === undefined ? {} : { ttl: Math.ceil((now.getTime() + keepMs) / 1000) }),
    },
    { ifAbsent: true, isOwn: () => true },
  );
}

/**
 * Records the job as queued, then enqueues it: the record keeps everything needed to run it again, should its worker
 * die. A job recorded already is enqueued again, which runs it only if it has not run.
 */
export async function queueJob(
  deps: Pick<Deps, 'db' | 'tables' | 'jobs' | 'clock'>,
  job: JobRequest,
  actorName: string,
) {
  await recordQueuedJob(deps, job, actorName);
  await deps.jobs.enqueue(job);
}

/** How long a claim lasts unless renewed; the jobs Lambda's timeout is as long. */
export const jobLeaseMs = 5 * 60_000;

/** A queued job nobody has claimed for this long lost its invocation: the maintenance invokes it again. */
export const unclaimedAfterMs = 60_000;

/** A job whose workers died this many times in a row without noting progress is failed (it may be what kills them). */
export const maxJobAttempts = 3;

export interface JobClaim {
  attempt: number;
  startedAt: string;
  /** The lease's holder (`leaseHolder` on the record), a token made per claim: how an attempt knows its own writes. */
  holder: string;
}

/** The record as the lease's conditions read it. */
type LeaseRecord = Record<string, unknown>;

/**
 * Claims a job for one attempt: a job not recorded yet, queued, or running on a lease that has expired.
 * Undefined when another worker holds it or it has finished.
 */
export async function claimJob(
  deps: Pick<Deps, 'db' | 'tables'>,
  job: JobRequest,
  now: Date,
  leaseUntil: Date,
): Promise<JobClaim | undefined> {
  const startedAt = now.toISOString();
  const holder = randomUUID();
  const open = keys.openJob(job.clientId, job.jobId);
  try {
    const { Attributes } = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.job(job.clientId, job.jobId),
        UpdateExpression:
          'SET jobId = :jobId, #type = :type, payload = :payload, clientId = :clientId, actorId = :actorId, ' +
          'GSI1PK = :openPk, GSI1SK = :openSk, #status = :running, startedAt = :now, leaseUntil = :leaseUntil, leaseHolder = :holder, attempts = if_not_exists(attempts, :zero) + :one',
        ConditionExpression:
          'attribute_not_exists(PK) OR #status = :queued OR (#status = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
        ExpressionAttributeValues: {
          ':jobId': job.jobId,
          ':type': job.type,
          ':payload': job.payload,
          ':clientId': job.clientId,
          ':actorId': job.actorId,
          ':openPk': open.GSI1PK,
          ':openSk': open.GSI1SK,
          ':running': 'running',
          ':queued': 'queued',
          ':now': startedAt,
          ':leaseUntil': leaseUntil.toISOString(),
          ':holder': holder,
          ':zero': 0,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { attempt: Number(Attributes?.attempts), startedAt, holder };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Our own claim, when its answer was lost (it committed, then the SDK's retry failed the condition): ours still.
    const record = await getItem<LeaseRecord>(deps, keys.job(job.clientId, job.jobId));
    return record?.status === 'running' && record.leaseHolder === holder
      ? { attempt: Number(record.attempts), startedAt, holder }
      : undefined;
  }
}

/**
 * Updates the job if this attempt still holds it (and, when `expiredBy` is given, its lease ran out before then);
 * false when another attempt has taken it over. A refused write whose record `wrote` recognises as this very write
 * (done, then the SDK's retry after a lost answer failed the condition) is a success.
 */
async function updateHeld(
  deps: Pick<Deps, 'db' | 'tables'>,
  job: JobRequest,
  claim: Pick<JobClaim, 'attempt'>,
  set: Record<string, unknown>,
  {
    remove = [],
    expiredBy,
    wrote,
  }: { remove?: string[]; expiredBy?: Date; wrote?: (record: LeaseRecord) => boolean } = {},
): Promise<boolean> {
  try {
    await setFields(deps, keys.job(job.clientId, job.jobId), set, {
      when: `#status = :running AND attempts = :attempt${expiredBy ? ' AND leaseUntil < :expiredBy' : ''}`,
      names: { '#status': 'status' },
      values: {
        ':running': 'running',
        ':attempt': claim.attempt,
        ...(expiredBy && { ':expiredBy': expiredBy.toISOString() }),
      },
      remove,
    });
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (!wrote) return false;
    const record = await getItem<LeaseRecord>(deps, keys.job(job.clientId, job.jobId));
    return record !== undefined && record.attempts === claim.attempt && wrote(record);
  }
}

export const renewJobLease = (deps: Pick<Deps, 'db' | 'tables'>, job: JobRequest, claim: JobClaim, until: Date) =>
  updateHeld(deps, job, claim, { leaseUntil: until.toISOString() });

export const finishJob = (
  deps: Pick<Deps, 'db' | 'tables'>,
  job: JobRequest,
  claim: JobClaim,
  outcome: { status: 'succeeded'; counts: Record<string, number> } | { status: 'failed'; error: string },
  at: Date,
) =>
  updateHeld(
    deps,
    job,
    claim,
    { ...outcome, finishedAt: at.toISOString() },
    {
      remove: ['leaseUntil', 'GSI1PK', 'GSI1SK'],
      // Finished by our lease's holder with our outcome: our own finish, whose answer was lost.
      wrote: (record) =>
        record.leaseHolder === claim.holder &&
        record.status === outcome.status &&
        record.finishedAt === at.toISOString(),
    },
  );

/**
 * Lets go of the lease of an attempt stopped by a transient fault: its lease has expired, so Lambda's retry of the
 * invocation (or the maintenance's, a minute on) claims the job again at once. False when another attempt holds it.
 */
export const releaseJob = (deps: Pick<Deps, 'db' | 'tables'>, job: JobRequest, claim: JobClaim, at: Date) =>
  updateHeld(deps, job, claim, { leaseUntil: new Date(at.getTime() - 1).toISOString() });

/**
 * Jobs nobody is working on, of every client: running ones whose lease has expired, and queued ones nobody claimed
 * within unclaimedAfterMs. Read from the open jobs' index, so its cost follows the open jobs, not the table; the
 * index may lag a finish by a moment, and a finished job invoked again is not run again.
 */
export async function listAbandonedJobs(
  deps: Pick<Deps, 'db' | 'tables'>,
  now: Date,
): Promise<(JobRequest & { attempts: number; stalled: number })[]> {
  const jobs: (JobRequest & { attempts: number; stalled: number })[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tables.state,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :open',
        FilterExpression: '(#status = :queued AND queuedAt < :unclaimed) OR (#status = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':open': keys.openJobsPartition,
          ':queued': 'queued',
          ':running': 'running',
          ':unclaimed': new Date(now.getTime() - unclaimedAfterMs).toISOString(),
          ':now': now.toISOString(),
        },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? [])
      jobs.push({
        jobId: Number(item.jobId),
        type: currentJobType({ type: String(item.type) }).type,
        clientId: Number(item.clientId),
        actorId: Number(item.actorId),
        payload: (item.payload ?? {}) as Record<string, unknown>,
        attempts: Number(item.attempts ?? 0),
        stalled: stalledAttempts(item),
      });
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return jobs;
}

/** Fails a job abandoned on its last attempt's expired lease, unless a worker has claimed it meanwhile; false then. */
export const giveUpJob = (
  deps: Pick<Deps, 'db' | 'tables'>,
  job: JobRequest,
  attempts: number,
  stalled: number,
  now: Date,
) =>
  updateHeld(
    deps,
    job,
    { attempt: attempts },
    {
      status: 'failed',
      error: `Its worker stopped ${stalled} times without finishing: not run again`,
      finishedAt: now.toISOString(),
    },
    {
      remove: ['leaseUntil', 'GSI1PK', 'GSI1SK'],
      expiredBy: now,
      // Our own give-up, whose answer was lost.
      wrote: (record) => record.status === 'failed' && record.finishedAt === now.toISOString(),
    },
  );

/**
 * Records how far a running job is (progress, and a report before it finishes). Not tied to the claim: a
 * stale attempt may at worst write a progress the current one overwrites; nothing is written once finished.
 */
export async function noteJobProgress(
  deps: Pick<Deps, 'db' | 'tables'>,
  job: JobRequest,
  fields: Record<string, unknown>,
): Promise<void> {
  if (fields.progress) logger.info('Job progress', { jobId: job.jobId, jobType: job.type, progress: fields.progress });
  try {
    await setFields(deps, keys.job(job.clientId, job.jobId), fields, {
      when: '#status = :running',
      names: { '#status': 'status' },
      values: { ':running': 'running' },
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Records that the running job's attempt got somewhere a next attempt will not redo (mail sent and claimed): its
 * number as `progressAttempt`, so a long job cut off by Lambda's timeout runs on instead of being counted among the
 * attempts that died on it.
 */
export const noteJobAdvanced = (deps: Pick<Deps, 'db' | 'tables'>, job: JobRequest) =>
  updateIf(deps, keys.job(job.clientId, job.jobId), {
    set: 'SET progressAttempt = attempts',
    when: '#status = :running',
    names: { '#status': 'status' },
    values: { ':running': 'running' },
  });

/** The attempts in a row that died on the job without noting any progress: what maxJobAttempts counts. */
export const stalledAttempts = (record: { attempts?: unknown; progressAttempt?: unknown }) =>
  Number(record.attempts ?? 0) - Number(record.progressAttempt ?? 0);
