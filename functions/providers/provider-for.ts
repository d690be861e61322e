// Which sports data feed the jobs read: SPORTS_PROVIDER = demo (the default, offline), espn or odds-api.
// The demo season is anchored on the stored season's first day, so later imports agree with the first one.
// The real feeds call out over https only; FEEDS_ALLOW_LOOPBACK=1 lets the local stack and the tests point
// ESPN_BASE_URL or ODDS_API_BASE_URL at a recorded feed on this machine.
import type { Clock } from '../adapters/clock.ts';
import type { Settings } from '../adapters/settings.ts';
import { createDemoProvider, demoSeasonStart } from './demo/demo-provider.ts';
import { createEspnFeed, espnDefaultBaseUrl } from './espn/espn-feed.ts';
import { createOddsApiFeed, oddsApiDefaultBaseUrl } from './odds-api/odds-api-feed.ts';
import { oddsApiKeyFromEnv } from './odds-api/odds-api-key.ts';
import type { SportsFeed } from './port.ts';

export function feedFor(clock: Clock, storedSeasonStart: string | undefined, env: Settings): SportsFeed {
  const kind = env.SPORTS_PROVIDER ?? 'demo';
  const now = () => clock.now();
  const transport = { allowLoopback: env.FEEDS_ALLOW_LOOPBACK === '1' };
  if (kind === 'demo') {
    const seasonStart = storedSeasonStart ?? env.DEMO_SEASON_START ?? demoSeasonStart(clock.now());
    return createDemoProvider({ seasonStart, now });
  }
  if (kind === 'espn') return createEspnFeed({ baseUrl: env.ESPN_BASE_URL || espnDefaultBaseUrl, now, transport });
  if (kind === 'odds-api')
    return createOddsApiFeed({
      baseUrl: env.ODDS_API_BASE_URL || oddsApiDefaultBaseUrl,
      apiKey: oddsApiKeyFromEnv(env),
      now,
      transport,
    });
  throw new Error(`SPORTS_PROVIDER '${kind}' is not known; use 'demo', 'espn' or 'odds-api'`);
}
