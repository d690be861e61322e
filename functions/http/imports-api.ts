// Lambda: the shared catalogue's writes and the imports' jobs: the sports-data imports, the hand edits of teams
// (a logo too) and sports, closing a week, any job's status, the recent imports. A team's logo is read with an XML
// parser (domain/catalogue/team-logo.ts), which stays here, off the areas that players call.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { importsContracts } from '#domain/contracts/imports.ts';
import { teamsContracts } from '#domain/contracts/teams.ts';
import { Permission } from '#domain/auth/permissions.ts';
import {
  importGames,
  importJobList,
  importScores,
  importSeason,
  importSpreads,
  importTeams,
} from './imports/imports.ts';
import { closeWeekJob, jobStatus } from './imports/jobs.ts';
import { editSport } from './imports/sports.ts';
import { editTeam, setTeamLogo, useFeedValue } from './imports/teams.ts';

export const importsRoutes = {
  importScores: { access: [Permission.LoadGames], handler: importScores },
  closeWeekJob: { access: [Permission.LoadGames], handler: closeWeekJob },
  jobStatus: { access: [], handler: jobStatus },
  // The catalogue is shared by every client: a new season changes the current season of all, so it also needs client management.
  importSeason: { access: [Permission.LoadGames, Permission.EditClients], handler: importSeason },
  importGames: { access: [Permission.LoadGames], handler: importGames },
  importSpreads: { access: [Permission.LoadSpreads], handler: importSpreads },
  importTeams: { access: [Permission.EditTeams], handler: importTeams },
  importJobList: { access: [Permission.LoadGames], handler: importJobList },
  // Teams and sports are shared by every client: changing one changes it for all. A field changed by hand is kept
  // by Load Teams until 'Use the feed's value' takes it back.
  editTeam: { access: [Permission.EditTeams], handler: editTeam },
  setTeamLogo: { access: [Permission.EditTeams], handler: setTeamLogo },
  useFeedValue: { access: [Permission.EditTeams], handler: useFeedValue },
  editSport: { access: [Permission.EditSports], handler: editSport },
} as const satisfies AreaRoutes;

export const createImportsApi = (getDeps: () => Deps) =>
  areaApi(importsRoutes, { ...importsContracts, ...teamsContracts }, getDeps);

export const handler = createImportsApi(lazyDeps());
