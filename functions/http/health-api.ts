// Lambda: the health check.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { healthContracts } from '#domain/contracts/health.ts';
import { health } from './health/health.ts';

export const healthRoutes = {
  // Its own small function: monitors call it often, and it may read nothing but the tables' health item.
  health: { access: 'public', handler: health },
} as const satisfies AreaRoutes;

export const createHealthApi = (getDeps: () => Deps) => areaApi(healthRoutes, healthContracts, getDeps);

export const handler = createHealthApi(lazyDeps());
