// Lambda: bet slips and the games they are placed on.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { gameList } from './bets/games.ts';
import { betHistory } from './bets/history.ts';
import { liveVersion } from './bets/live-version.ts';
import { missingPicks } from './bets/missing-picks.ts';
import { betList, deleteBet, setBets, setBonusBets } from './bets/slips.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { betsContracts } from '#domain/contracts/bets.ts';
import { Permission } from '#domain/auth/permissions.ts';

export const betsRoutes = {
  // Own slip: set bets; another player's slip also needs set bets for third party (bets/slip-owner.ts).
  betList: { access: [Permission.SetBets], handler: betList },
  setBets: { access: [Permission.SetBets], handler: setBets },
  setBonusBets: { access: [Permission.SetBets], handler: setBonusBets },
  deleteBet: { access: [Permission.SetBets], handler: deleteBet },
  betHistory: { access: [Permission.SetBets], handler: betHistory },
  gameList: { access: [Permission.ViewGames], handler: gameList },
  // The commissioner's week: who has not picked (view users); the nudge to them is the admin area's.
  missingPicks: { access: [Permission.ViewUsers], handler: missingPicks },
  // Public: no caller's data, the same answer for every viewer, so CloudFront can share it.
  liveVersion: { access: 'public', handler: liveVersion },
} as const satisfies AreaRoutes;

export const createBetsApi = (getDeps: () => Deps) => areaApi(betsRoutes, betsContracts, getDeps);

export const handler = createBetsApi(lazyDeps());
