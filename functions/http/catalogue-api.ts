// Lambda: sports, weeks, seasons and teams the app shell reads.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { clientSportList, seasonList, sportList, teamList, weekList } from './catalogue/reads.ts';
import { teamMap } from './catalogue/team-map.ts';
import { areaApi } from './area-api.ts';

export const createCatalogueApi = (getDeps: () => Deps) =>
  areaApi('catalogue', { clientSportList, sportList, weekList, seasonList, teamList, teamMap }, getDeps);

export const handler = createCatalogueApi(lazyDeps());
