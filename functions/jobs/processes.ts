// The processes' runs (docs/rules.md, Processes). The Scheduler sends {processId, scheduledTime}; the run becomes
// a job of the system client whose id is the process and the scheduled minute, so every trigger of one run
// claims the same job record and it runs once. A process lease keeps a run from starting while an earlier
// run of the same process is still working.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sport } from '#domain/catalogue/types.ts';
import { jobPayload } from '#domain/contracts/jobs.ts';
import { NotFoundError, ValidationError } from '#domain/errors.ts';
import { ProcessId, runnableProcessById } from '#domain/processes/processes.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../adapters/deps.ts';
import type { JobRequest } from '../adapters/job-queue.ts';
import type { ScheduledRun } from '../adapters/scheduler.ts';
import { logger } from '../adapters/logger.ts';
import { faultsPassed } from '../adapters/transient-fault.ts';
import { feedFor } from '../providers/provider-for.ts';
import { findClientByDomain, listAllClients } from '../store/clients.ts';
import { getSeason, listClientSports, listSports, listWeeks } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { jobLeaseMs, noteJobAdvanced, recordQueuedJob } from '../store/job-records.ts';
import { releaseProcessLease, takeProcessLease } from '../store/process-runs.ts';
import { readSchedules, wasDeleted } from '../store/process-schedules.ts';
import { keepRenewing } from './lease-renewal.ts';
import { clientsPlaying } from './clients-playing.ts';
import { closeFinishedWeeks, closeForClients } from './close-week.ts';
import { importGames } from './import-games.ts';
import { importScores } from './import-scores.ts';
import { importSpreads } from './import-spreads.ts';
import { armLiveScores, liveScoresOfSport } from './live-scores.ts';
import { armSelfSetSchedulesQuietly } from './self-set-schedules.ts';
import { sendPickReminders } from './pick-reminders.ts';

/** The actor of what a scheduled run records: the system, not a user. */
export const systemActorId = 0;

export const isScheduledRun = (event: unknown): event is ScheduledRun =>
  !!event && typeof event === 'object' && 'processId' in event && 'scheduledTime' in event && !('jobId' in event);

// Live Scores runs every minute of a game day: its run records are kept for a few days, then swept by the table's TTL.
const runsKeptMs: Partial<Record<number, number>> = { [ProcessId.LiveScores]: 3 * 24 * 60 * 60 * 1000 };

/** The schedule is deleted or turned off: the Scheduler's copy is one a change cut off left behind. */
async function outOfForce(deps: Deps, scheduleId: number) {
  const book = await readSchedules(deps);
  const schedule = book.schedules.find((each) => each.id === scheduleId);
  return schedule === undefined ? wasDeleted(deps, book, scheduleId) : !schedule.active;
}

/**
 * The run's job, recorded as queued unless a trigger of the same run recorded it first. A run of a schedule deleted
 * or turned off (a change cut off between the table and the Scheduler) is no run; its copy goes at the next reconcile
 * (this function may touch only the self-set schedules).
 */
export async function queueScheduledRun(deps: Deps, run: ScheduledRun): Promise<JobRequest | undefined> {
  const process = runnableProcessById(Number(run.processId));
  if (!process) throw new NotFoundError(`There is no process ${String(run.processId)}`, 'UNKNOWN_PROCESS');
  if (run.scheduleId && (await outOfForce(deps, run.scheduleId))) {
    logger.warn('A schedule deleted or turned off fired: nothing is run', { ...run });
    return undefined;
  }
  const scheduledAt = new Date(run.scheduledTime);
  if (Number.isNaN(scheduledAt.getTime()))
    throw new ValidationError(`The scheduled time '${run.scheduledTime}' is not a date-time`);
  const system = await findClientByDomain(deps, systemDomain);
  if (!system) throw new NotFoundError('There is no system client to record the run under', 'NO_SYSTEM_CLIENT');
  const job: JobRequest = {
    jobId: keys.processRunId(process.id, scheduledAt),
    type: 'Process',
    clientId: system.id,
    actorId: systemActorId,
    payload: { processId: process.id, scheduledTime: scheduledAt.toISOString(), scheduleId: run.scheduleId },
  };
  await recordQueuedJob(deps, job, `${process.name} (scheduled)`, runsKeptMs[process.id]);
  return job;
}

type Counts = Record<string, number>;

const add = (total: Counts, counts: Counts) => {
  for (const [name, value] of Object.entries(counts)) total[name] = (total[name] ?? 0) + value;
  return total;
};

const liveClientIds = async (deps: Deps) =>
  (await listAllClients(deps)).filter((client) => !client.archivedAt).map((client) => client.id);

/**
 * The sports the scheduled processes read: the active ones, and one switched off on the Sports page while a live
 * client still plays it (its picks need lines and scores). One nobody plays asks its feed nothing (a quota feed
 * pays for every read). Clients are walked only while some sport is switched off.
 */
export async function scheduledSports(deps: Deps): Promise<Sport[]> {
  const sports = await listSports(deps);
  if (sports.every((sport) => sport.active)) return sports;
  const played = new Set<number>();
  for (const clientId of await liveClientIds(deps))
    for (const { sportId } of await listClientSports(deps, clientId)) played.add(sportId);
  return sports.filter((sport) => sport.active || played.has(sport.id));
}

/**
 * Runs the work for each scheduled sport with a season (`sports`, when the run read them already); one sport failing
 * does not keep the others from running.
 */
async function forEachSport(
  deps: Deps,
  work: (sport: Sport) => Promise<Counts>,
  sports?: readonly Sport[],
): Promise<Counts> {
  const total: Counts = {};
  const failures: string[] = [];
  const passed = faultsPassed();
  for (const sport of sports ?? (await scheduledSports(deps))) {
    const season = await getSeason(deps, sport.id);
    if (!season) continue;
    try {
      add(total, await work(sport));
    } catch (error) {
      logger.error('Process failed for a sport', { sportId: sport.id, error });
      passed.note(error);
      failures.push(`${sport.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // AWS's bad minute fails the attempt only, so the run goes again (each sport's work is idempotent); else for good.
  passed.rethrow();
  if (failures.length) throw new Error(failures.join('; '));
  return total;
}

/** The feed of the sport's stored season (the demo feed anchors its weeks on that season's first day). */
export const feedOf = async (deps: Deps, sport: Sport) => {
  const season = await getSeason(deps, sport.id);
  return feedFor(deps.clock, season ? localDate(season.beginDate, sport.timeZone) : undefined, deps.settings);
};

/** A scheduled run's id as its commits carry it: its minute, as its job's, the same in each attempt (CloseWeekOptions.runId). */
const processRunId = (processId: number, scheduledAt: Date) =>
  `run#${processId}#${new Date(Math.floor(scheduledAt.getTime() / 60_000) * 60_000).toISOString()}`;

/** A process's run; `advanced` notes that it got somewhere a next attempt will not redo (mail sent and claimed). */
type ProcessRunner = (deps: Deps, scheduledAt: Date, advanced: () => Promise<void>) => Promise<Counts>;

const processRunners: Record<number, ProcessRunner> = {
  [ProcessId.ImportGames]: (deps) =>
    forEachSport(deps, async (sport) => {
      const today = localDate(deps.clock.now(), sport.timeZone);
      return (await importGames(deps, sport, await feedOf(deps, sport), today, systemActorId)).counts;
    }),
  [ProcessId.ImportScores]: async (deps, scheduledAt) => {
    const clientIds = await liveClientIds(deps);
    return forEachSport(deps, async (sport) => {
      const playing = await clientsPlaying(deps, sport.id, clientIds);
      const feed = await feedOf(deps, sport);
      const runId = processRunId(ProcessId.ImportScores, scheduledAt);
      return (await importScores(deps, sport, feed, playing, systemActorId, undefined, runId)).counts;
    });
  },
  [ProcessId.ImportSpreads]: (deps) =>
    forEachSport(deps, async (sport) => (await importSpreads(deps, sport, await feedOf(deps, sport))).counts),
  [ProcessId.CloseWeek]: async (deps, scheduledAt) => {
    const now = deps.clock.now().getTime();
    const runId = processRunId(ProcessId.CloseWeek, scheduledAt);
    return closeForClients(await liveClientIds(deps), async (clientId) => {
      const counts = { weeksClosed: 0, penalties: 0 };
      for (const { sportId } of await listClientSports(deps, clientId)) {
        const finished = (await listWeeks(deps, sportId)).filter((week) => Date.parse(week.endDate) < now);
        const closed = await closeFinishedWeeks(deps, clientId, sportId, finished, systemActorId, { runId });
        counts.weeksClosed += closed.weeksClosed;
        counts.penalties += closed.penalties;
      }
      return counts;
    });
  },
  [ProcessId.PickReminders]: (deps, scheduledAt, advanced) =>
    sendPickReminders(deps, processRunId(ProcessId.PickReminders, scheduledAt), advanced),
  [ProcessId.LiveScores]: liveScoresRun,
};

/** Live Scores' run: a read at each of its minute's offsets while a game is under way; a quota feed at the first only. */
async function liveScoresRun(deps: Deps, scheduledAt: Date): Promise<Counts> {
  const started = performance.now();
  // The sports once a run: its reads every few seconds walk no clients again.
  const sports = await scheduledSports(deps);
  const read = (first: boolean) =>
    forEachSport(
      deps,
      async (sport) => {
        const feed = await feedOf(deps, sport);
        return first || !feed.remainingRequests ? liveScoresOfSport(deps, sport, feed, scheduledAt) : {};
      },
      sports,
    );
  const counts = await read(true);
  let reads = 1;
  for (const offsetMs of deps.liveReadsMs.slice(1)) {
    if (!counts.underWay) break;
    await sleep(Math.max(0, offsetMs - (performance.now() - started)));
    counts.changed = (counts.changed ?? 0) + ((await read(false)).changed ?? 0);
    reads += 1;
  }
  return { ...counts, reads };
}

/**
 * What a run sets again after it: an import both self-set schedules (a Scheduler fault logged: the next import sets
 * them), a Live Scores run its own, failing the attempt on a fault: between games its schedule is a one-time cron
 * that only this run moves on, so a lost arm would stop the scores until the next import.
 */
const armsAfter: Partial<Record<number, (deps: Deps) => Promise<unknown>>> = {
  [ProcessId.ImportGames]: armSelfSetSchedulesQuietly,
  [ProcessId.ImportScores]: armSelfSetSchedulesQuietly,
  [ProcessId.LiveScores]: armLiveScores,
};

/**
 * How long a run holds its process, renewed while it works: a run that died blocks the next runs no longer.
 * Live Scores runs every minute for a second or so, so a crash costs it one run, not five minutes of scores.
 */
export const processLeaseMs = (processId: number) => (processId === ProcessId.LiveScores ? 90_000 : jobLeaseMs);

/** The jobs runner of a process's run: skipped (and said so) while an earlier run of the process works. */
export async function runProcess(deps: Deps, job: JobRequest): Promise<Counts> {
  const { processId, scheduledTime } = jobPayload('Process', job.payload);
  const runner = processRunners[processId];
  if (!runner) throw new NotFoundError(`There is no process ${processId}`, 'UNKNOWN_PROCESS');
  const leaseMs = processLeaseMs(processId);
  if (!(await takeProcessLease(deps, processId, job.jobId, leaseMs))) return { skippedWhileRunning: 1 };
  const stopRenewing = keepRenewing(
    () => takeProcessLease(deps, processId, job.jobId, leaseMs),
    leaseMs / 3,
    'Process lease',
    { processId, jobId: job.jobId },
  );
  try {
    return await runner(deps, new Date(scheduledTime), async () => void (await noteJobAdvanced(deps, job)));
  } finally {
    await stopRenewing();
    try {
      // Even after a sport failed: the schedule follows the games either way.
      await armsAfter[processId]?.(deps);
    } finally {
      // Also when the arm failed: the next minute's run is not kept waiting on a lease nobody holds.
      await releaseProcessLease(deps, processId, job.jobId);
    }
  }
}
