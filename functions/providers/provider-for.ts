// Which sports data feed the jobs read. Only the offline demo feed exists so far; its season is
// anchored on the stored season's first day, so later imports agree with the first one.
import type { Clock } from '../adapters/clock.ts';
import { createDemoProvider, demoSeasonStart } from './demo/demo-provider.ts';
import type { SportsDataProvider } from './port.ts';

export function providerFor(
  clock: Clock,
  storedSeasonStart?: string,
  env: NodeJS.ProcessEnv = process.env,
): SportsDataProvider {
  const kind = env.SPORTS_PROVIDER ?? 'demo';
  if (kind !== 'demo') throw new Error(`SPORTS_PROVIDER '${kind}' is not available; use 'demo'`);
  const seasonStart = storedSeasonStart ?? env.DEMO_SEASON_START ?? demoSeasonStart(clock.now());
  return createDemoProvider({ seasonStart, now: () => clock.now() });
}
