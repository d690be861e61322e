// The job types' names alone, so the job status answer's schema does not carry every job's payload schema
// (jobs.ts) into the web's first load.
export const jobTypes = [
  'ImportSeason',
  'ImportGames',
  'ImportResults',
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
