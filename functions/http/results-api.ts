// Lambda: results, the leaderboard and stats, and the admin jobs that produce them.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { importJobList, loadGames, loadResults, loadSeasonGames, loadSpreads, loadTeams } from './results/imports.ts';
import { closeWeekJob, jobStatus } from './results/jobs.ts';
import { balance, seasonPoints } from './results/leaderboard.ts';
import { stats } from './results/stats.ts';

export const resultsRoutes = {
  balance: { access: [Permission.ViewLeaderboard], handler: balance },
  seasonPoints: { access: [Permission.ViewLeaderboard], handler: seasonPoints },
  stats: { access: [], handler: stats },
  loadResults: { access: [Permission.LoadGames], handler: loadResults },
  closeWeekJob: { access: [Permission.LoadGames], handler: closeWeekJob },
  jobStatus: { access: [], handler: jobStatus },
  // The catalogue is shared by every client: a new season changes the current season of all, so it also needs client management.
  loadSeasonGames: { access: [Permission.LoadGames, Permission.EditClients], handler: loadSeasonGames },
  loadGames: { access: [Permission.LoadGames], handler: loadGames },
  loadSpreads: { access: [Permission.LoadSpreads], handler: loadSpreads },
  loadTeams: { access: [Permission.EditTeams], handler: loadTeams },
  importJobList: { access: [Permission.LoadGames], handler: importJobList },
} as const satisfies AreaRoutes;

export const createResultsApi = (getDeps: () => Deps) => areaApi(resultsRoutes, getDeps);

export const handler = createResultsApi(lazyDeps());
