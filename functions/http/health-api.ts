// Lambda: the health check.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi } from './area-api.ts';
import { health } from './health/health.ts';

export const createHealthApi = (getDeps: () => Deps) => areaApi('health', { health }, getDeps);

export const handler = createHealthApi(lazyDeps());
