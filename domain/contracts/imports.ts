// The imports and their jobs: the sports-data imports of Games & Odds and the teams page, each an async job on
// the feed the stack is set to (SPORTS_PROVIDER) that answers at once with the job's id and keeps its summary;
// closing a week, also a job; and any job's status. A feed import is refused while the client's last one of its kind
// and sport is open (409) or was started less than a minute ago (429; functions/store/job-flights.ts).
import * as z from 'zod/mini';
import { answer, defineContract } from './contract.ts';
import { count, id, isoDate, limit } from './fields.ts';
import { jobFields, type JobRecord, jobRecord, type QueuedJob, queuedJob } from './jobs.ts';
import { text } from './answers.ts';

/**
 * What a sports-data import's job moves: games, weeks, seasons, teams, lines and points, so every read built from them,
 * and the job's own row in the list of imports.
 */
const sportsDataReads = [
  'importJobList',
  'balance',
  'seasonPoints',
  'stats',
  'betList',
  'betHistory',
  'gameList',
  'seasonList',
  'teamList',
  'teamMap',
  'weekList',
  'spreadList',
  'missingPicks',
];

const seasonYear = count('seasonYear').check(
  z.gte(2000, 'seasonYear must be from 2000 to 2100'),
  z.lte(2100, 'seasonYear must be from 2000 to 2100'),
);

export const importSeason = defineContract({
  method: 'POST',
  path: '/Services/api/Game/load-season-games',
  input: 'form',
  invalidates: ['importJobList'],
  jobInvalidates: sportsDataReads,
  summary:
    "Start New Season: a job importing the season's teams, its Wednesday-to-Tuesday weeks from the first to the last regular-season game, and its games; it becomes the sport's current season",
  request: z.object({ sportId: id('sportId'), seasonYear }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404, 409, 429],
});

export const importGames = defineContract({
  method: 'POST',
  path: '/Services/api/Game/load-games',
  input: 'form',
  invalidates: ['importJobList'],
  jobInvalidates: sportsDataReads,
  summary: "Import Games: a job adding or updating the games from a date to the current season's end",
  request: z.object({ sportId: id('sportId'), date: isoDate }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404, 409, 429],
});

export const importSpreads = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/load-spreads',
  input: 'form',
  invalidates: ['importJobList'],
  jobInvalidates: sportsDataReads,
  summary: "Import Spreads: a job recording every affiliate's line for the upcoming games (placed bets keep theirs)",
  request: z.object({ sportId: id('sportId') }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404, 409, 429],
});

export const importTeams = defineContract({
  method: 'POST',
  path: '/Services/api/Team/load-teams',
  input: 'form',
  invalidates: ['importJobList'],
  jobInvalidates: ['importJobList', 'teamList', 'teamMap'],
  summary: "Load Teams: a job adding the feed's teams of the sport and updating the known ones",
  request: z.object({ sportId: id('sportId') }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404, 409, 429],
});

/** A sports-data job as Games & Odds lists it: what, who, when and how it ended. */
export type ImportJob = Pick<
  JobRecord,
  'jobId' | 'type' | 'payload' | 'status' | 'queuedAt' | 'finishedAt' | 'counts' | 'error' | 'report' | 'progress'
> & { actorName: string };

const { jobId, type, payload, status, queuedAt, finishedAt, counts, error, report, progress } = jobFields;
/** Parsing a job record with it keeps only what the list shows (the lease and attempts stay inside). */
export const importJob: z.ZodMiniType<ImportJob> = z.object({
  jobId,
  type,
  payload,
  status,
  queuedAt,
  finishedAt,
  counts,
  error,
  report,
  progress,
  actorName: text,
});

export const importJobList = defineContract({
  method: 'GET',
  path: '/Services/api/Job/import-list',
  input: 'query',
  summary: "The client's latest sports-data jobs (imports of seasons, games, scores, spreads, teams), newest first",
  request: z.object({ limit: limit(20, 50) }),
  response: answer<ImportJob[]>(z.array(importJob)),
});

export const importScores = defineContract({
  method: 'POST',
  path: '/Services/api/Game/load-results',
  input: 'form',
  invalidates: ['importJobList'],
  jobInvalidates: sportsDataReads,
  summary: "Starts a job importing the sport's results, then closing its finished weeks",
  request: z.object({ sportId: id('sportId') }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404, 409, 429],
});

export const closeWeekJob = defineContract({
  method: 'POST',
  path: '/Services/api/Bet/close-week',
  input: 'form',
  invalidates: [],
  summary: 'Starts a job closing a week: penalties for missed picks, final totals',
  request: z.object({ sportId: id('sportId'), weekId: id('weekId') }),
  response: answer<QueuedJob>(queuedJob, 202),
  refusals: [404],
});

export const jobStatus = defineContract({
  method: 'GET',
  path: '/Services/api/Job/status',
  input: 'query',
  summary: "A job's status: queued, running, succeeded with counts or failed with the reason",
  request: z.object({ id: id('id') }),
  response: answer<JobRecord>(jobRecord),
  refusals: [404],
});

export const importsContracts = {
  importSeason,
  importGames,
  importScores,
  importSpreads,
  importTeams,
  closeWeekJob,
  jobStatus,
  importJobList,
};
