// Lambda for long-running admin work, invoked asynchronously. Each job records its status
// (running, succeeded with counts, failed with the reason) where the status endpoint reads it.
import { NotFoundError } from '#domain/errors.ts';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import type { JobRequest } from '../adapters/job-queue.ts';
import { logger, withLogContext } from '../adapters/logger.ts';
import { providerFor } from '../providers/provider-for.ts';
import { getSeason, getSport, playedWeek } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { putItem } from '../store/state-table.ts';
import { closeWeek } from './close-week.ts';
import { importResults } from './import-results.ts';
import { importSeason } from './import-season.ts';

export type JobStatus = 'running' | 'succeeded' | 'failed';

type JobRunner = (deps: Deps, job: JobRequest) => Promise<Record<string, number>>;

async function sportAndProvider(deps: Deps, sportId: unknown) {
  const sport = await getSport(deps, Number(sportId));
  if (!sport) throw new NotFoundError(`Unknown sport ${String(sportId)}`);
  const season = await getSeason(deps, sport.id);
  return { sport, provider: providerFor(deps.clock, season ? season.beginDate.slice(0, 10) : undefined) };
}

const runners: Record<string, JobRunner> = {
  ImportSeason: async (deps, { payload }) => {
    const { sport, provider } = await sportAndProvider(deps, payload.sportId);
    return importSeason(deps, sport, provider);
  },
  ImportResults: async (deps, { payload, clientId, actorId }) => {
    const { sport, provider } = await sportAndProvider(deps, payload.sportId);
    return importResults(deps, sport, provider, clientId, actorId);
  },
  CloseWeek: async (deps, { payload, clientId, actorId }) => {
    const sportId = Number(payload.sportId);
    const { week } = await playedWeek(deps, clientId, { sportId, weekId: Number(payload.weekId) });
    const closed = await closeWeek(deps, { clientId, sportId, week }, actorId);
    return { penalties: closed?.penalized ?? 0 };
  },
};

export async function runJob(deps: Deps, job: JobRequest): Promise<JobStatus> {
  const record = { ...keys.job(job.clientId, job.jobId), jobId: job.jobId, type: job.type, payload: job.payload };
  const startedAt = deps.clock.now().toISOString();
  await putItem(deps, { ...record, status: 'running', startedAt });
  try {
    const runner = runners[job.type];
    if (!runner) throw new Error(`Unknown job type '${job.type}'`);
    const counts = await runner(deps, job);
    await putItem(deps, {
      ...record,
      status: 'succeeded',
      startedAt,
      finishedAt: deps.clock.now().toISOString(),
      counts,
    });
    return 'succeeded';
  } catch (error) {
    logger.error('Job failed', { jobId: job.jobId, jobType: job.type, error });
    const reason = error instanceof Error ? error.message : String(error);
    await putItem(deps, {
      ...record,
      status: 'failed',
      startedAt,
      finishedAt: deps.clock.now().toISOString(),
      error: reason,
    });
    return 'failed';
  }
}

export const createJobsHandler = (getDeps: () => Deps) => (job: JobRequest) => runJob(getDeps(), job);

export const handler = withLogContext((job: JobRequest) => job.jobId, createJobsHandler(lazyDeps()));
