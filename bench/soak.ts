// A soak of the running local stack (`npm start`): a few demo bettors, signed in once, read what their pages read
// and now and then set a pick and cancel it, at a steady rate for a while. Loopback only. Watch the stack's memory
// meanwhile (`ps -o rss= -p PID` every 10 s): it should level off, and stay level on a second run.
//   node --import tsx bench/soak.ts [seconds=600] [requests/s=20]   (SOAK_URL, default http://127.0.0.1:3000)
import { setTimeout as sleep } from 'node:timers/promises';

const base = new URL(process.env.SOAK_URL ?? 'http://127.0.0.1:3000');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) throw new Error('The soak runs on this machine only');
const seconds = Number(process.argv[2] ?? 600);
const rate = Number(process.argv[3] ?? 20);
const logins = ['alex', 'sam', 'jordan', 'taylor'];
const sportId = 33;

async function call(path: string, token: string, init: RequestInit = {}) {
  const answer = await fetch(new URL(`/Services${path}`, base), {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = await answer.text();
  return { status: answer.status, body };
}
const form = (fields: Record<string, string | number>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString(),
});

const tokens: string[] = [];
for (const login of logins) {
  const answer = await fetch(new URL('/Services/token', base), {
    method: 'POST',
    body: new URLSearchParams({ login, password: 'pickem-demo', domain: 'demo' }),
  });
  tokens.push(((await answer.json()) as { access_token: string }).access_token);
}
const users = await Promise.all(
  tokens.map(async (token) => JSON.parse((await call('/user', token)).body) as { id: number }),
);
const weeks = JSON.parse((await call(`/api/Bet/week-list?sportId=${sportId}`, tokens[0]!)).body) as {
  id: number;
  seasonId: number;
  beginDate: string;
}[];
const now = new Date().toISOString();
const week = weeks.filter((candidate) => candidate.beginDate <= now).at(-1) ?? weeks[0]!;
const games = JSON.parse((await call('/api/Bet/list', tokens[0]!, form({ sportId, weekId: week.id }))).body) as {
  data: { gameId: number; homeTeamId: number; eventStatus: number; beginning: string; points: number }[];
};
// The week's last game, if it stays open through the soak: the one the bettors pick and cancel.
const open = games.data.filter(
  (game) => game.eventStatus === 1 && Date.parse(game.beginning) > Date.now() + (seconds + 3600) * 1000,
);
const game = open.at(-1);
// Each bettor's pick takes a points value their week has free (20, 10, 10, 5, 5 less what they hold).
const free = await Promise.all(
  tokens.map(async (token) => {
    const slip = JSON.parse(
      (await call('/api/Bet/list', token, form({ sportId, weekId: week.id }))).body,
    ) as typeof games;
    const left: number[] = [20, 10, 10, 5, 5];
    for (const pick of slip.data) if (pick.points) left.splice(left.indexOf(pick.points), 1);
    return left[0];
  }),
);

const reads = [
  () => '/user',
  () => '/api/Client/sport-list',
  () => `/api/Bet/week-list?sportId=${sportId}`,
  () => `/api/Bet/balance?sportId=${sportId}&weekId=${week.id}`,
  () => `/api/Bet/season-points?sportId=${sportId}`,
  () => `/api/Bet/stats?sportId=${sportId}&seasonId=${week.seasonId}&weekId=${week.id}`,
  () => `/api/Team/map?sportId=${sportId}`,
];
const held = new Set<number>();
function request(index: number) {
  const who = index % tokens.length;
  const token = tokens[who]!;
  const roll = index % 20;
  if (roll === 7 && game && free[who]) {
    // A bettor's write: set a pick on the open game, cancel it the next time round.
    if (held.delete(who))
      return call(`/api/Bet/delete?id=${users[who]!.id}-${game.gameId}`, token, { method: 'DELETE' });
    held.add(who);
    const bets = [{ gameId: game.gameId, teamId: game.homeTeamId, points: free[who] }];
    return call('/api/Bet/set-bets', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sportId, weekId: week.id, bets }),
    });
  }
  if (roll === 3 || roll === 13) return call('/api/Game/list', token, form({ sportId, weekId: week.id }));
  if (roll === 5 || roll === 15) return call('/api/Bet/list', token, form({ sportId, weekId: week.id }));
  return call(reads[index % reads.length]!(), token);
}

const statuses: Record<string, number> = {};
let sent = 0;
let inFlight = 0;
const started = Date.now();
await new Promise<void>((finished) => {
  const timer = setInterval(() => {
    if (Date.now() - started >= seconds * 1000) {
      clearInterval(timer);
      return finished();
    }
    // Open loop at the rate, but never more than 50 waiting: a slow stack is not buried.
    if (inFlight >= 50) return;
    inFlight++;
    request(sent++)
      .then((answer) => (statuses[answer.status] = (statuses[answer.status] ?? 0) + 1))
      .catch(() => (statuses.failed = (statuses.failed ?? 0) + 1))
      .finally(() => inFlight--);
  }, 1000 / rate);
});
while (inFlight) await sleep(100);
const elapsed = ((Date.now() - started) / 1000).toFixed(0);
console.log(`${sent} requests in ${elapsed} s (week ${week.id}, game ${game?.gameId ?? 'none'}):`, statuses);
