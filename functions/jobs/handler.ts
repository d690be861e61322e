// Lambda for long-running admin work, invoked asynchronously. Each job records its status
// (running, succeeded with counts, failed with the reason) where the status endpoint reads it.
// Every job is idempotent, so a job re-run after a crash appends nothing twice.
import type { Context } from 'aws-lambda';
import {
  isJobType,
  type JobCounts,
  jobContracts,
  jobPayload,
  type JobPayload,
  type JobRecord,
  type JobType,
  type RefusedRow,
} from '#domain/contracts/jobs.ts';
import { currentJobType } from '#domain/contracts/job-types.ts';
import { NotFoundError } from '#domain/errors.ts';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import type { JobRequest } from '../adapters/job-queue.ts';
import type { ScheduledRun } from '../adapters/scheduler.ts';
import { logger, withLogContext } from '../adapters/logger.ts';
import { transientFaultOf } from '../adapters/transient-fault.ts';
import { withTracing } from '../adapters/tracer.ts';
import { getSport, playedWeek } from '../store/catalogue.ts';
import { deleteJobFile } from '../store/job-files.ts';
import { landFlight, takeFlight } from '../store/job-flights.ts';
import {
  claimJob,
  finishJob,
  jobLeaseMs,
  maxJobAttempts,
  noteJobAdvanced,
  noteJobProgress,
  releaseJob,
  renewJobLease,
  stalledAttempts,
} from '../store/job-records.ts';
import { keys } from '../store/keys.ts';
import { getItem } from '../store/state-table.ts';
import { closeWeek } from './close-week.ts';
import { loadFeedRefs } from './feed-refs.ts';
import { importGames } from './import-games.ts';
import { importScores } from './import-scores.ts';
import { importSpreads } from './import-spreads.ts';
import { armSelfSetSchedules, armSelfSetSchedulesQuietly } from './self-set-schedules.ts';
import { saveFeedTeams } from './import-teams.ts';
import { importSeason } from './import-season.ts';
import { importUsers } from './import-users.ts';
import { keepRenewing } from './lease-renewal.ts';
import { mailAdminMessage } from './mail-admin-message.ts';
import { mailAnnouncement } from './mail-announcement.ts';
import { nudge } from './nudge.ts';
import { feedOf, isScheduledRun, queueScheduledRun, runProcess } from './processes.ts';
import { isLifecycleOperation, type LifecycleOperation, runLifecycleOperation } from '../lifecycle/operations.ts';

/** 'queued': a feed import left waiting for the import of its kind and sport another job runs. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** What a job did: its counts, and for imports the rows it refused. */
type ImportResult = { counts: Record<string, number>; refused: RefusedRow[] };
type JobResult = Record<string, number> | ImportResult;
type JobRunner<T extends JobType> = (deps: Deps, job: JobRequest, payload: JobPayload<T>) => Promise<JobResult>;

/** At most this many refused rows are kept on the job; counts.refused has them all. */
const reportedRefusals = 1000;

async function sportAndFeed(deps: Deps, sportId: number) {
  const sport = await getSport(deps, sportId);
  if (!sport) throw new NotFoundError(`Unknown sport ${sportId}`);
  return { sport, feed: await feedOf(deps, sport) };
}

/** Notes that the job's attempt got somewhere (mail sent): a timeout after it is no attempt that died on the job. */
const advanceOf = (deps: Deps, job: JobRequest) => async () => void (await noteJobAdvanced(deps, job));

/** The job's id as its commits carry it, the same in each attempt: an attempt after a fault knows what the last did. */
const jobRunId = (job: JobRequest) => `job#${job.clientId}#${job.jobId}`;

/** The attempts in a row that ended without progress, this one included (a progress noted in it resets the count). */
const stalledOf = async (deps: Deps, job: JobRequest) =>
  stalledAttempts((await getItem<Record<string, unknown>>(deps, keys.job(job.clientId, job.jobId))) ?? {});

/** Notes on the job how many of its rows are done (docs/rules.md, Long jobs). */
const progressOf =
  (deps: Deps, job: JobRequest) =>
  (done: number, total: number): Promise<void> =>
    noteJobProgress(deps, job, { progress: { done, total } });

/** An import that changes the games: the self-set schedules are set from them after it, whatever came of it. */
const thenArmSchedules =
  <T extends JobType>(run: JobRunner<T>): JobRunner<T> =>
  async (deps, job, payload) => {
    try {
      return await run(deps, job, payload);
    } finally {
      await armSelfSetSchedulesQuietly(deps);
    }
  };

const runners: { [T in JobType]: JobRunner<T> } = {
  ImportSeason: thenArmSchedules<'ImportSeason'>(async (deps, job, { sportId, seasonYear }) => {
    const { sport, feed } = await sportAndFeed(deps, sportId);
    return importSeason(deps, sport, feed, seasonYear, job.actorId, progressOf(deps, job));
  }),
  ImportGames: thenArmSchedules<'ImportGames'>(async (deps, job, { sportId, date }) => {
    const { sport, feed } = await sportAndFeed(deps, sportId);
    return importGames(deps, sport, feed, date, job.actorId, progressOf(deps, job));
  }),
  ImportScores: thenArmSchedules<'ImportScores'>(async (deps, job, { sportId }) => {
    const { sport, feed } = await sportAndFeed(deps, sportId);
    return importScores(deps, sport, feed, [job.clientId], job.actorId, progressOf(deps, job), jobRunId(job));
  }),
  ImportSpreads: async (deps, job, { sportId }) => {
    const { sport, feed } = await sportAndFeed(deps, sportId);
    return importSpreads(deps, sport, feed, progressOf(deps, job));
  },
  ImportTeams: async (deps, job, { sportId }) => {
    const { sport, feed } = await sportAndFeed(deps, sportId);
    const refs = await loadFeedRefs(deps, feed.name, sport.id);
    const feedTeams = await feed.listTeams(sport.providerKey);
    return (await saveFeedTeams(deps, sport, refs, feedTeams, progressOf(deps, job))).counts;
  },
  CloseWeek: async (deps, job, { sportId, weekId }) => {
    const { week } = await playedWeek(deps, job.clientId, { sportId, weekId });
    const closed = await closeWeek(deps, { clientId: job.clientId, sportId, week }, job.actorId, {
      runId: jobRunId(job),
    });
    return { penalties: closed?.penalized ?? 0 };
  },
  ImportUsers: (deps, job, { clientId }) => importUsers(deps, job, clientId),
  MailAnnouncement: (deps, job, { clientId, announcementId }) =>
    mailAnnouncement(deps, clientId, announcementId, jobRunId(job), advanceOf(deps, job)),
  MailAdminMessage: (deps, job, { messageId }) => mailAdminMessage(deps, job.clientId, messageId, jobRunId(job)),
  Nudge: (deps, job, payload) => nudge(deps, payload, jobRunId(job), advanceOf(deps, job)),
  ArmSchedules: async (deps) => {
    await armSelfSetSchedules(deps);
    return {};
  },
  Process: (deps, job) => runProcess(deps, job),
};

/** Runs the job by its contract: the payload read by its schema, the counts checked against its result's. */
async function runByContract<T extends JobType>(deps: Deps, job: JobRequest, type: T): Promise<JobCounts<T>> {
  const runner = runners[type] as JobRunner<T>;
  const counts = await countsOf(deps, job, await runner(deps, job, jobPayload(type, job.payload)));
  return jobContracts[type].result.parse(counts) as JobCounts<T>;
}

async function countsOf(deps: Deps, job: JobRequest, result: JobResult) {
  const isImport = (candidate: JobResult): candidate is ImportResult => Array.isArray(candidate.refused);
  if (!isImport(result)) return result;
  if (result.refused.length)
    await noteJobProgress(deps, job, { report: { refused: result.refused.slice(0, reportedRefusals) } });
  return result.counts;
}

export interface RunOptions {
  /** When the invocation is stopped (the Lambda deadline); a lease never outlasts it. */
  deadline?: number;
}

/**
 * Claims the job, runs it and records the outcome; the lease is renewed while it runs. A job that
 * has already finished is not run again; one held by a live lease is left to its holder. A transient fault
 * (a throttle that outlasted the SDK's retries...) before its last attempt fails nothing: the lease is let go and
 * the fault thrown, so Lambda retries the invocation (and the maintenance invokes it again should those run out).
 */
export async function runJob(deps: Deps, queued: JobRequest, { deadline }: RunOptions = {}): Promise<JobStatus> {
  // An invocation queued before a job type's rename runs as the renamed type, and its claim records today's name.
  const job = currentJobType(queued);
  // A feed import reads the feed only holding its flight: while another job holds it, a queued one waits to be
  // invoked by that job's landing (store/job-flights.ts).
  if (!(await takeFlight(deps, job))) {
    const record = await getItem<JobRecord>(deps, keys.job(job.clientId, job.jobId));
    if (record?.status === 'queued') {
      logger.info('Job waits for the import of its kind and sport under way', { jobId: job.jobId, jobType: job.type });
      return 'queued';
    }
  }
  const leaseEnd = () => new Date(Math.min(deps.clock.now().getTime() + jobLeaseMs, deadline ?? Infinity));
  const claim = await claimJob(deps, job, deps.clock.now(), leaseEnd());
  if (!claim) {
    const record = await getItem<JobRecord>(deps, keys.job(job.clientId, job.jobId));
    // A second delivery of the invocation (Lambda's async queue delivers at least once; the SDK resends an Invoke
    // whose answer was lost) while the job runs: its holder finishes it, and should the holder die, the maintenance
    // invokes it again once the lease has run out. Failing here would only fail invocations of a job that succeeds.
    if (record?.status === 'running') {
      logger.info('Job runs elsewhere: left to its lease holder', { jobId: job.jobId, jobType: job.type });
      return 'running';
    }
    logger.info('Job already finished', { jobId: job.jobId, status: record?.status });
    await landFlight(deps, job);
    return record?.status === 'failed' ? 'failed' : 'succeeded';
  }
  const stopRenewing = keepRenewing(() => renewJobLease(deps, job, claim, leaseEnd()), jobLeaseMs / 5, 'Job lease', {
    jobId: job.jobId,
  });
  const started = Date.now();
  logger.info('Job started', { jobId: job.jobId, jobType: job.type, clientId: job.clientId, attempt: claim.attempt });
  let outcome: Parameters<typeof finishJob>[3] | { status: 'again'; error: unknown };
  try {
    if (!isJobType(job.type)) throw new Error(`Unknown job type '${String(job.type)}'`);
    outcome = { status: 'succeeded', counts: await runByContract(deps, job, job.type) };
  } catch (error) {
    // The record unread (AWS still busy): the attempts as claimed, as if none had got anywhere.
    const again =
      transientFaultOf(error) !== undefined && (await stalledOf(deps, job).catch(() => claim.attempt)) < maxJobAttempts;
    if (again) outcome = { status: 'again', error };
    else {
      logger.error('Job failed', { jobId: job.jobId, jobType: job.type, error });
      outcome = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  } finally {
    await stopRenewing();
  }
  if (outcome.status === 'again') {
    logger.warn('Job stopped on a transient fault: it runs again', {
      jobId: job.jobId,
      jobType: job.type,
      attempt: claim.attempt,
      error: outcome.error,
    });
    await releaseJob(deps, job, claim, deps.clock.now());
    throw outcome.error;
  }
  // One line per run, with its counts: the AWS stack counts job outcomes (and alarms on failures) from it.
  logger.info('Job finished', {
    jobId: job.jobId,
    jobType: job.type,
    status: outcome.status,
    ...(outcome.status === 'succeeded' ? { counts: outcome.counts } : { error: outcome.error }),
    ms: Date.now() - started,
  });
  if (await finishJob(deps, job, claim, outcome, deps.clock.now())) {
    await landFlight(deps, job);
    // A users CSV is let go once its job's outcome is recorded: an attempt after a crash before it reads it again.
    if (job.type === 'ImportUsers') await deleteJobFile(deps, job.clientId, job.jobId);
  } else
    logger.warn('Job was taken over before it finished; the newer attempt records the outcome', {
      jobId: job.jobId,
      attempt: claim.attempt,
    });
  return outcome.status;
}

/** The function's `live` alias, from any ARN of it (unqualified, a version's or an alias's). */
export const liveArnOf = (functionArn: string) => `${functionArn.split(':').slice(0, 7).join(':')}:live`;

/** The jobs function's input: a job request, or a process's run as the Scheduler sends it. */
export type JobsEvent = JobRequest | ScheduledRun;

/** Queued work, or a lifecycle operation (start-up, maintenance, the operator's views operations). */
export const createJobsHandler =
  (getDeps: () => Deps) => async (event: JobsEvent | LifecycleOperation, context?: Context) => {
    // Live Scores' schedule and the jobs the maintenance requeues go to this function's live alias, named from the
    // ARN it was invoked by: the stack cannot name the function's own alias in its environment without a cycle.
    if (context?.invokedFunctionArn) {
      const live = liveArnOf(context.invokedFunctionArn);
      process.env.JOBS_FUNCTION_ARN ??= live;
      process.env.JOBS_FUNCTION_NAME ??= live;
    }
    const deps = getDeps();
    if (isLifecycleOperation(event)) return runLifecycleOperation(deps, event);
    const job = isScheduledRun(event) ? await queueScheduledRun(deps, event) : event;
    if (!job) return 'notRun' as const;
    return runJob(deps, job, context && { deadline: Date.now() + context.getRemainingTimeInMillis() });
  };

/** The jobs function as deployed, on the deps given: traced, each run logged with its job. */
export const jobsFunction = (getDeps: () => Deps) =>
  withTracing(
    withLogContext(
      (event: JobsEvent | LifecycleOperation) =>
        'jobId' in event
          ? event.jobId
          : 'operation' in event
            ? event.operation
            : `process-${event.processId}-${event.scheduledTime}`,
      createJobsHandler(getDeps),
    ),
  );

export const handler = jobsFunction(lazyDeps());
