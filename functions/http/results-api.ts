// Lambda: results, the leaderboard and stats, and the admin jobs that produce them.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi } from './area-api.ts';
import { importJobList, loadGames, loadResults, loadSeasonGames, loadSpreads, loadTeams } from './results/imports.ts';
import { closeWeekJob, jobStatus } from './results/jobs.ts';
import { balance, seasonPoints } from './results/leaderboard.ts';
import { stats } from './results/stats.ts';

export const createResultsApi = (getDeps: () => Deps) =>
  areaApi(
    'results',
    {
      balance,
      seasonPoints,
      stats,
      loadResults,
      closeWeekJob,
      jobStatus,
      loadSeasonGames,
      loadGames,
      loadSpreads,
      loadTeams,
      importJobList,
    },
    getDeps,
  );

export const handler = createResultsApi(lazyDeps());
