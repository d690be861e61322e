// Who reads a job's status (Job/status, docs/rules.md, Jobs): whoever started it, and whoever holds the permission
// that starting a job of its kind needs, so two administrators follow each other's imports while a player reads only
// their own: a job's record names who started it and may report users' rows (a users CSV import's refusals).
import type { JobType } from '../contracts/job-types.ts';
import { Permission } from './permissions.ts';

export const jobReaders: Readonly<Record<JobType, Permission>> = {
  ImportSeason: Permission.LoadGames,
  ImportGames: Permission.LoadGames,
  ImportScores: Permission.LoadGames,
  CloseWeek: Permission.LoadGames,
  ImportSpreads: Permission.LoadSpreads,
  ImportTeams: Permission.EditTeams,
  ImportUsers: Permission.EditUsers,
  MailAnnouncement: Permission.EditUsers,
  MailAdminMessage: Permission.EditUsers,
  Nudge: Permission.EditUsers,
  ArmSchedules: Permission.EditUsers,
  Process: Permission.ViewProcessSchedule,
};

export const mayReadJob = (
  reader: { userId: number; permissions: readonly Permission[] },
  job: { type: JobType; actorId?: number },
) => job.actorId === reader.userId || reader.permissions.includes(jobReaders[job.type]);
