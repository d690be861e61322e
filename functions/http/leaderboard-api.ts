// Lambda: the leaderboard, the season chart and the stats card, read from the views.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { leaderboardContracts } from '#domain/contracts/leaderboard.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { balance, seasonPoints } from './leaderboard/leaderboard.ts';
import { stats } from './leaderboard/stats.ts';
import { balanceExport } from './leaderboard/export.ts';

export const leaderboardRoutes = {
  balance: { access: [Permission.ViewLeaderboard], handler: balance },
  balanceExport: { access: [Permission.ViewLeaderboard], handler: balanceExport },
  seasonPoints: { access: [Permission.ViewLeaderboard], handler: seasonPoints },
  stats: { access: [], handler: stats },
} as const satisfies AreaRoutes;

export const createLeaderboardApi = (getDeps: () => Deps) => areaApi(leaderboardRoutes, leaderboardContracts, getDeps);

export const handler = createLeaderboardApi(lazyDeps());
