// Admin loads run as async jobs: the call answers at once with a job id, the status call tells
// queued / running / succeeded / failed with counts. Jobs are kept per client.
import { closeWeekForm, jobQuery, sportForm } from '../../../domain/contracts/bets.ts';
import { parseWith } from '../../../domain/contracts/parse.ts';
import { NotFoundError } from '../../../domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getClientSport } from '../../store/catalogue.ts';
import { keys } from '../../store/keys.ts';
import { getItem, putItem } from '../../store/state-table.ts';
import { type Caller, reply, type RouteImpl } from '../middleware.ts';

async function startJob(deps: Deps, caller: Caller, type: string, payload: Record<string, unknown>) {
  const jobId = await deps.ids.next('job');
  const job = { jobId, type, clientId: caller.client.id, actorId: caller.user.id, payload };
  await putItem(deps, { ...keys.job(caller.client.id, jobId), jobId, type, payload, status: 'queued', queuedAt: deps.clock.now().toISOString() });
  await deps.jobs.enqueue(job);
  return reply(202, { jobId, status: 'queued' });
}

async function enabledSport(deps: Deps, caller: Caller, sportId: number) {
  if (!(await getClientSport(deps, caller.client.id, sportId))) throw new NotFoundError(`The sport ${sportId} is not enabled for your client`, 'SPORT_NOT_ENABLED');
}

export const loadResults: RouteImpl = async ({ body, caller }, deps) => {
  const { sportId } = parseWith(sportForm, body);
  await enabledSport(deps, caller, sportId);
  return startJob(deps, caller, 'ImportResults', { sportId });
};

export const closeWeekJob: RouteImpl = async ({ body, caller }, deps) => {
  const { sportId, weekId } = parseWith(closeWeekForm, body);
  await enabledSport(deps, caller, sportId);
  return startJob(deps, caller, 'CloseWeek', { sportId, weekId });
};

export const jobStatus: RouteImpl = async ({ query, caller }, deps) => {
  const { id } = parseWith(jobQuery, query);
  const job = await getItem(deps, keys.job(caller.client.id, id));
  if (!job) throw new NotFoundError(`There is no job ${id} for your client`, 'UNKNOWN_JOB');
  return job;
};
