// What the Leaderboard page costs: its first screen (every call the page makes before its first rows
// show, in parallel as the app makes them) and the next page ('Show more'), for a player far down
// the table. Items and requests are DynamoDB's (the metered client), bytes the JSON the browser gets.
import type { LeaderboardPage } from '#domain/contracts/leaderboard.ts';
import type { areaHandlers } from './handlers.ts';
import type { Cost, createMeter } from './metered-client.ts';

export interface ScreenCost {
  /** HTTP calls the page makes for it. */
  calls: number;
  requests: number;
  items: number;
  bytes: number;
  ms: number;
  /** The same per call, for the report. */
  perCall: Record<string, { requests: number; items: number; bytes: number }>;
}

export interface ScreenOptions {
  api: ReturnType<typeof areaHandlers>;
  meter: ReturnType<typeof createMeter>;
  token: string;
  sportId: number;
  weekId: number;
  clientId: number;
  /** The Leaderboard's sort, e.g. 'live' for the Live column. */
  sort?: string;
}

const costOf = (cost: Cost, bytes: number, calls: number, perCall: ScreenCost['perCall']): ScreenCost => ({
  calls,
  requests: cost.requests,
  items: cost.itemsRead,
  bytes,
  ms: cost.ms,
  perCall,
});

export async function leaderboardScreens({ api, meter, token, sportId, weekId, clientId, sort }: ScreenOptions) {
  const balance = `/Services/api/Bet/balance?sportId=${sportId}&weekId=${weekId}${sort ? `&sort=${sort}` : ''}`;
  const calls = {
    'GET /user': '/Services/user',
    'GET Client/sport-list': `/Services/api/Client/sport-list?clientId=${clientId}`,
    'GET Bet/week-list': `/Services/api/Bet/week-list?sportId=${sportId}`,
    'GET Bet/balance': balance,
    'GET Bet/season-points': `/Services/api/Bet/season-points?sportId=${sportId}`,
    'GET Team/map': `/Services/api/Team/map?sportId=${sportId}`,
  };
  const first = await meter.measure(() =>
    Promise.all(Object.values(calls).map((url) => api.callSized('GET', url, token))),
  );
  const perCall: ScreenCost['perCall'] = {};
  for (const [name, url] of Object.entries(calls)) {
    const alone = await meter.measure(() => api.callSized('GET', url, token));
    perCall[name] = { requests: alone.cost.requests, items: alone.cost.itemsRead, bytes: alone.value.bytes };
  }
  const firstPage = first.value[3]!.value as LeaderboardPage;
  const bytes = first.value.reduce((sum, answer) => sum + answer.bytes, 0);
  const next = await meter.measure(() =>
    api.callSized<LeaderboardPage>('GET', `${balance}&cursor=${encodeURIComponent(firstPage.nextCursor!)}`, token),
  );
  // The page refreshing itself (every 30 s during games) with nothing changed: a 304 that reads only the stamps.
  const etag = first.value[3]!.etag!;
  const refresh = await meter.measure(() => api.callSized('GET', balance, token, undefined, { etag }));
  if (refresh.value.status !== 304) throw new Error(`An unchanged leaderboard answered ${refresh.value.status}`);
  return {
    unchangedRefresh: costOf(refresh.cost, 0, 1, {}),
    firstScreen: costOf(first.cost, bytes, Object.keys(calls).length, perCall),
    nextPage: costOf(next.cost, next.value.bytes, 1, {}),
    rows: firstPage.rows.length,
    nextRows: next.value.value.rows.length,
    me: firstPage.me ? { rank: firstPage.me.rank, players: firstPage.players ?? 0 } : undefined,
    liveGames: firstPage.liveGames ?? 0,
  };
}
