// Which sports data feed the import jobs read (SPORTS_PROVIDER). The demo feed's season is anchored on the
// stored season's first day, so later imports agree with the first one.
import type { Clock } from '../adapters/clock.ts';
import { createDemoProvider, demoSeasonStart } from './demo/demo-provider.ts';
import type { SportsFeed } from './port.ts';

export function feedFor(clock: Clock, storedSeasonStart?: string, env: NodeJS.ProcessEnv = process.env): SportsFeed {
  const kind = env.SPORTS_PROVIDER ?? 'demo';
  if (kind !== 'demo') throw new Error(`SPORTS_PROVIDER '${kind}' is not available; use 'demo'`);
  const seasonStart = storedSeasonStart ?? env.DEMO_SEASON_START ?? demoSeasonStart(clock.now());
  return createDemoProvider({ seasonStart, now: () => clock.now() });
}
