// The job types' names alone, so the job status answer's schema does not carry every job's payload schema
// (jobs.ts) into the web's first load.
import { ownValue } from '../own-value.ts';

export const jobTypes = [
  'ImportSeason',
  'ImportGames',
  'ImportScores',
  'ImportSpreads',
  'ImportTeams',
  'ImportUsers',
  'CloseWeek',
  'MailAnnouncement',
  'MailAdminMessage',
  'Nudge',
  'ArmSchedules',
  'Process',
] as const;
export type JobType = (typeof jobTypes)[number];

/**
 * Job types renamed after records of them were stored: today's name, by the name stored. Import Scores' job was
 * `ImportResults` (issue 58); its records, and the invocations queued before a deploy, still say so.
 */
const renamedJobTypes: Readonly<Record<string, JobType>> = { ImportResults: 'ImportScores' };

/** The stored name of a job type that was renamed, for the keys that carry it (store/keys.ts: jobFlight, importStart). */
export const storedJobTypeName = (type: string): string =>
  Object.keys(renamedJobTypes).find((stored) => renamedJobTypes[stored] === type) ?? type;

/**
 * A stored or queued job's type by today's name: records and invocations from before a rename are read as the
 * renamed type, and nothing is rewritten on read (a job's record takes today's name when a worker next claims it).
 */
export const currentJobType = <T extends { type: string }>(job: T): T & { type: JobType } =>
  ({ ...job, type: ownValue(renamedJobTypes, job.type) ?? job.type }) as T & { type: JobType };
