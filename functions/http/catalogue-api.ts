// Lambda: sports, weeks, seasons and teams the app shell reads.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { clientSportList, seasonList, sportList, teamList, weekList } from './catalogue/reads.ts';
import { teamMap } from './catalogue/team-map.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { catalogueContracts } from '#domain/contracts/catalogue.ts';
import { Permission } from '#domain/auth/permissions.ts';

export const catalogueRoutes = {
  clientSportList: { access: [], handler: clientSportList },
  // A client manager adds sports to a client without the Sports page's permission.
  sportList: { access: { anyOf: [Permission.ViewSports, Permission.EditClients] }, handler: sportList },
  weekList: { access: [], handler: weekList },
  seasonList: { access: [], handler: seasonList },
  teamList: { access: [Permission.ViewTeams], handler: teamList },
  teamMap: { access: [], handler: teamMap },
} as const satisfies AreaRoutes;

export const createCatalogueApi = (getDeps: () => Deps) => areaApi(catalogueRoutes, catalogueContracts, getDeps);

export const handler = createCatalogueApi(lazyDeps());
