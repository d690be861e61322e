// What each import job (the sports-data jobs and the users CSV import) is called and how its outcome reads,
// for the actions' notices and the recent-imports table alike.
import type { ImportJob } from '#domain/contracts/imports.ts';

export type ImportType = 'ImportSeason' | 'ImportGames' | 'ImportScores' | 'ImportSpreads' | 'ImportTeams';
/** Every job Recent imports lists: the sports imports and the users CSV import. */
type ListedType = ImportType | 'ImportUsers';

type Counts = Partial<Record<string, number>>;

/** '1 game', '3 games'. */
const amount = (count: number | undefined, one: string, many = `${one}s`) =>
  `${count ?? 0} ${count === 1 ? one : many}`;

interface ImportKind {
  /** The action's name as its button reads. */
  action: string;
  /** The success notice's first word (docs/rules.md, Notices): 'Imported', or 'Success' for spreads. */
  done: 'Imported' | 'Success';
  /** What is imported, for 'Importing NFL scores…'. */
  noun: string;
  summary: (counts: Counts) => string;
}

const gameCounts = (counts: Counts) =>
  `${amount(counts.gamesAdded, 'game')} added, ${counts.gamesUpdated ?? 0} updated, ${counts.gamesMoved ?? 0} moved`;

export const importKinds: Record<ListedType, ImportKind> = {
  ImportSeason: {
    noun: 'season',
    action: 'Start New Season',
    done: 'Imported',
    summary: (counts) =>
      `${amount(counts.teamsAdded, 'team')} added, ${counts.teamsUpdated ?? 0} updated, ` +
      `${amount(counts.weeks, 'week')}, ${gameCounts(counts)}, ${counts.refused ?? 0} refused`,
  },
  ImportGames: {
    noun: 'games',
    action: 'Import Games',
    done: 'Imported',
    summary: (counts) => `${gameCounts(counts)}, ${counts.refused ?? 0} refused`,
  },
  ImportScores: {
    noun: 'scores',
    action: 'Import Scores',
    done: 'Imported',
    summary: (counts) =>
      `${amount(counts.results, 'result')} read, ${amount(counts.changed, 'game')} updated, ` +
      `${amount(counts.weeksClosed, 'week')} closed, ${amount(counts.penalties, 'missed-pick penalty', 'missed-pick penalties')}, ` +
      `${counts.refused ?? 0} refused`,
  },
  ImportSpreads: {
    noun: 'spreads',
    action: 'Import Spreads',
    done: 'Success',
    summary: (counts) =>
      `${amount(counts.lines, 'line')} read, ${counts.linesChanged ?? 0} changed, ` +
      `${amount(counts.affiliatesAdded, 'affiliate')} added, ${counts.refused ?? 0} refused`,
  },
  ImportTeams: {
    noun: 'teams',
    action: 'Load Teams',
    done: 'Imported',
    summary: (counts) => `${amount(counts.teamsAdded, 'team')} added, ${counts.teamsUpdated ?? 0} updated`,
  },
  ImportUsers: {
    noun: 'users',
    action: 'Import Users CSV',
    done: 'Imported',
    summary: (counts) =>
      `${amount(counts.created, 'user')} created, ${counts.existing ?? 0} already there, ` +
      `${amount(counts.refused, 'line')} refused`,
  },
};

const isListedType = (type: string): type is ListedType => type in importKinds;

/** What a finished job did in words, e.g. '272 games added, 0 updated, 0 moved, 3 refused'. */
export function importSummary(job: Pick<ImportJob, 'type' | 'counts'>): string {
  return isListedType(job.type) ? importKinds[job.type].summary(job.counts ?? {}) : '';
}

/** A job as the table names it: the action, its sport and the year or date it was given. */
export function importTitle(job: Pick<ImportJob, 'type' | 'payload'>, sportName: (sportId: number) => string): string {
  const { sportId, seasonYear, date } = job.payload;
  const what = [
    isListedType(job.type) ? importKinds[job.type].action : job.type,
    typeof sportId === 'number' ? sportName(sportId) : undefined,
    typeof seasonYear === 'number' ? String(seasonYear) : undefined,
    typeof date === 'string' ? `from ${date}` : undefined,
  ];
  return what.filter(Boolean).join(' ');
}
