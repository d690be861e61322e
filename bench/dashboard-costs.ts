// What the dashboard costs: its six calls at once as the app makes them (the wall time and the total), then each
// call alone (its share); and the Top 3 it shows, the week's leaderboard cut to three rows.
import type { LeaderboardPage } from '#domain/contracts/leaderboard.ts';
import type { ScreenOptions } from './leaderboard-screens.ts';
import type { Cost } from './metered-client.ts';
import type { DashboardCost } from './result-types.ts';

type Options = Omit<ScreenOptions, 'sort'>;
interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  form?: Record<string, string>;
}

const topThree = ({ sportId, weekId }: Options) =>
  `/Services/api/Bet/balance?sportId=${sportId}&weekId=${weekId}&limit=3&showRegularGames=false`;

export const topThreeCost = (options: Options) =>
  options.meter.measure(() => options.api.call<LeaderboardPage>('GET', topThree(options), options.token));

/** The dashboard as the one whose token it is; `last` is the call its role adds (a bettor's bets, a coach's users). */
export async function dashboardCost(options: Options, last: Call): Promise<DashboardCost> {
  const { api, meter, token, sportId, weekId, clientId } = options;
  const calls: Call[] = [
    { name: 'GET /user', method: 'GET', url: '/Services/user' },
    { name: 'GET Client/sport-list', method: 'GET', url: `/Services/api/Client/sport-list?clientId=${clientId}` },
    { name: 'GET Bet/week-list', method: 'GET', url: `/Services/api/Bet/week-list?sportId=${sportId}` },
    { name: 'GET Bet/stats', method: 'GET', url: `/Services/api/Bet/stats?sportId=${sportId}&weekId=${weekId}` },
    { name: 'GET Bet/balance top 3', method: 'GET', url: topThree(options) },
    last,
  ];
  const all = await meter.measure(() =>
    Promise.all(calls.map((call) => api.call(call.method, call.url, token, call.form))),
  );
  const perCall: Record<string, Cost> = {};
  for (const call of calls)
    perCall[call.name] = (await meter.measure(() => api.call(call.method, call.url, token, call.form))).cost;
  return { total: all.cost, perCall };
}
