// Lambda: lines: the spreads page's manual lines and their history, and the last-day bonus start. Its own
// area because a manual line is an event on the game's stream: it alone of the admin calls appends events.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi } from './area-api.ts';
import { lineHistory, setBonusGamesStart, setSpread, spreadList, useAffiliateSign } from './lines/spreads.ts';

export const createLinesApi = (getDeps: () => Deps) =>
  areaApi('lines', { spreadList, setSpread, useAffiliateSign, lineHistory, setBonusGamesStart }, getDeps);

export const handler = createLinesApi(lazyDeps());
