// Lambda: the leaderboard, the season chart and the stats card, read from the views.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { leaderboardContracts } from '#domain/contracts/leaderboard.ts';
import { balance, seasonPoints } from './leaderboard/leaderboard.ts';
import { stats } from './leaderboard/stats.ts';
import { balanceExport } from './leaderboard/export.ts';

// The leaderboard page is every signed-in user's (spec: 'Dashboard and leaderboard are visible to every authenticated
// user'); 'view leaderboard' (20) gives only the dashboard's leaderboard block.
export const leaderboardRoutes = {
  balance: { access: [], handler: balance },
  balanceExport: { access: [], handler: balanceExport },
  seasonPoints: { access: [], handler: seasonPoints },
  stats: { access: [], handler: stats },
} as const satisfies AreaRoutes;

export const createLeaderboardApi = (getDeps: () => Deps) => areaApi(leaderboardRoutes, leaderboardContracts, getDeps);

export const handler = createLeaderboardApi(lazyDeps());
