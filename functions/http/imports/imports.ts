// The sports-data imports (Games & Odds, Load Teams) and the list of the client's recent ones. The catalogue
// they fill is shared by every client: a company administrator imports the sports their client plays, a
// client manager any sport.
import { mayReadJob } from '#domain/auth/job-readers.ts';
import { canActAcrossClients } from '#domain/auth/permissions.ts';
import { importJob } from '#domain/contracts/imports.ts';
import type { JobRecord, JobType } from '#domain/contracts/jobs.ts';
import { currentJobType, jobTypes } from '#domain/contracts/job-types.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getSeason, getSport, listSeasonWeeks, playedSport } from '../../store/catalogue.ts';
import type { Season } from '#domain/catalogue/types.ts';
import { keys } from '../../store/keys.ts';
import { queryAll } from '../../store/state-table.ts';
import type { RouteImpl } from '../area-api.ts';
import type { Caller } from '../auth-guard.ts';
import { startJob } from './jobs.ts';

// The users CSV import is listed with the sports imports: every long import of the client in one place.
export const importJobTypes: JobType[] = jobTypes.filter((type) => type.startsWith('Import'));

export async function importableSport(deps: Deps, caller: Caller, sportId: number) {
  if (!canActAcrossClients(caller.permissions)) return void (await playedSport(deps, caller.client.id, sportId));
  if (!(await getSport(deps, sportId))) throw new NotFoundError(`There is no sport ${sportId}`, 'UNKNOWN_SPORT');
}

export const importSeason: RouteImpl<'importSeason'> = async ({ input, caller }, deps) => {
  await importableSport(deps, caller, input.sportId);
  // It becomes every client's current season: an older one would take every player back a season.
  const current = await getSeason(deps, input.sportId);
  if (current && input.seasonYear < current.year)
    throw new ConflictError(
      `The current ${current.sportName} season is ${current.year}: Start New Season takes that year or a later one`,
      'OLDER_SEASON',
    );
  if (current && input.seasonYear > current.year) await assertSeasonOver(deps, current);
  return startJob(deps, caller, 'ImportSeason', input);
};

/**
 * A later season waits for the current one's last week to end: weeks are graded and closed only while their season is
 * current (the job closes the finished ones before it switches). A game the feed never finished does not hold it.
 */
async function assertSeasonOver(deps: Deps, season: Season) {
  const last = (await listSeasonWeeks(deps, season.id)).sort((a, b) => a.number - b.number).at(-1);
  if (!last || Date.parse(last.endDate) < deps.clock.now().getTime()) return;
  throw new ConflictError(
    `The ${season.year} ${season.sportName} season's last week (week ${last.number}) is not over: ` +
      'start the next season after it',
    'SEASON_NOT_OVER',
  );
}

export const importGames: RouteImpl<'importGames'> = async ({ input, caller }, deps) => {
  await importableSport(deps, caller, input.sportId);
  return startJob(deps, caller, 'ImportGames', input);
};

export const importScores: RouteImpl<'importScores'> = async ({ input, caller }, deps) => {
  await importableSport(deps, caller, input.sportId);
  return startJob(deps, caller, 'ImportScores', input);
};

export const importSpreads: RouteImpl<'importSpreads'> = async ({ input, caller }, deps) => {
  await importableSport(deps, caller, input.sportId);
  return startJob(deps, caller, 'ImportSpreads', input);
};

export const importTeams: RouteImpl<'importTeams'> = async ({ input, caller }, deps) => {
  await importableSport(deps, caller, input.sportId);
  return startJob(deps, caller, 'ImportTeams', input);
};

// Jobs of every kind asked for share the client's partition, newest first; the latest 200 hold the imports. The
// system client's process runs (Live Scores: one a minute on game days) sort apart and are never read here.
const scannedJobs = 200;

export const importJobList: RouteImpl<'importJobList'> = async ({ input: { limit }, caller }, deps) => {
  const jobs = await queryAll<JobRecord>(deps, keys.clientPartition(caller.client.id), {
    skPrefix: keys.requestedJobPrefix,
    descending: true,
    limit: scannedJobs,
  });
  const reader = { userId: caller.user.id, permissions: caller.permissions };
  // Only the jobs whose status the caller may read (Job/status): a users import's report names users and their lines.
  return jobs
    .map(currentJobType)
    .filter((job) => importJobTypes.includes(job.type) && mayReadJob(reader, job))
    .slice(0, limit)
    .map((job) => importJob.parse({ ...job, actorName: job.actorName ?? '' }));
};
