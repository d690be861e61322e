// Lambda: spreads: the spreads page's manual lines and their history, and the last-day bonus start. Its own
// area because a manual line is an event on the game's stream: it alone of the admin calls appends events.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { spreadsContracts } from '#domain/contracts/spreads.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { lineHistory, setBonusGamesStart, setSpread, spreadList, useAffiliateSign } from './spreads/spreads.ts';

export const spreadsRoutes = {
  // A manual line is the affiliate's: setting or resetting it changes the line of every client on that affiliate,
  // so it also needs create and modify clients (docs/rules.md, Spread).
  spreadList: { access: [Permission.LoadSpreads], handler: spreadList },
  setSpread: { access: [Permission.LoadSpreads, Permission.EditClients], handler: setSpread },
  useAffiliateSign: { access: [Permission.LoadSpreads, Permission.EditClients], handler: useAffiliateSign },
  lineHistory: { access: [Permission.LoadSpreads], handler: lineHistory },
  // The Games & Odds page's Last Day Bonus Games action: the page's permission and the action's (the spec).
  setBonusGamesStart: { access: [Permission.LoadGames, Permission.EditClients], handler: setBonusGamesStart },
} as const satisfies AreaRoutes;

export const createSpreadsApi = (getDeps: () => Deps) => areaApi(spreadsRoutes, spreadsContracts, getDeps);

export const handler = createSpreadsApi(lazyDeps());
