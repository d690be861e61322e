// Lambda: the imports and their jobs: the sports-data imports, closing a week, any job's status, the recent imports.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { importJobList, loadGames, loadResults, loadSeasonGames, loadSpreads, loadTeams } from './imports/imports.ts';
import { closeWeekJob, jobStatus } from './imports/jobs.ts';

export const importsRoutes = {
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

export const createImportsApi = (getDeps: () => Deps) => areaApi(importsRoutes, getDeps);

export const handler = createImportsApi(lazyDeps());
