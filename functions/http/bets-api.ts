// Lambda: bet slips and the games they are placed on.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { gameList } from './bets/games.ts';
import { betHistory } from './bets/history.ts';
import { betList, deleteBet, setBets, setBonusBets } from './bets/slips.ts';
import { areaApi } from './area-api.ts';

export const createBetsApi = (getDeps: () => Deps) =>
  areaApi('bets', { betList, setBets, setBonusBets, deleteBet, betHistory, gameList }, getDeps);

export const handler = createBetsApi(lazyDeps());
