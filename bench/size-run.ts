// One tenant size, steps 1–7 of the benchmark, in a process of its own:
//   node --import tsx bench/size-run.ts <players>
// Loads a season through the real commands and jobs with the projector detached, rebuilds the
// views, measures what the read handlers cost, and times the settlement of one game carrying a
// bet of every player. Sends its SizeResult to the parent over IPC.
import { localDate } from '#domain/season/zoned-time.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { User } from '#domain/auth/user.ts';
import { isOpenForBets } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints, type GameFacts, type RequestedBet } from '#domain/betting/slip.ts';
import { gameDecider, type GameResult, type GameResultRecorded, gameStreamId } from '#domain/games/game-result.ts';
import { weekDecider } from '#domain/scoring/close-week.ts';
import { selectWeeks } from '#domain/season/weeks.ts';
import { inZone } from '#domain/season/zoned-time.ts';
import type { Clock } from '../functions/adapters/clock.ts';
import { fixedClock } from '../functions/adapters/clock.ts';
import { handleCommand } from '../functions/adapters/command-handler.ts';
import { type Deps, depsFromEnv, documentClient } from '../functions/adapters/deps.ts';
import { dynamoEventStore } from '../functions/adapters/event-store.ts';
import { counterIds } from '../functions/adapters/ids.ts';
import { issueToken } from '../functions/adapters/tokens.ts';
import { loadWeek, runSlipCommand } from '../functions/betting/slip-service.ts';
import { importResults } from '../functions/jobs/import-results.ts';
import { applyCommit } from '../functions/projector/handler.ts';
import { rebuildViews } from '../functions/projector/rebuild.ts';
import { feedFor } from '../functions/providers/provider-for.ts';
import { seededRandom, shuffled } from '../functions/providers/demo/prng.ts';
import { seedDemo } from '../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../functions/store/clients.ts';
import { listAllRoles } from '../functions/store/roles.ts';
import { listUsers } from '../functions/store/users.ts';
import { findUserByLogin } from '../functions/store/account-claims.ts';
import { getSeason, getSport, listWeeks } from '../functions/store/catalogue.ts';
import { startBenchDatabase, useBenchTables } from './database.ts';
import { areaHandlers } from './handlers.ts';
import { leaderboardScreens } from './leaderboard-screens.ts';
import { liveLeaderboardScreen } from './live-leaderboard.ts';
import type { LeaderboardPage } from '#domain/contracts/leaderboard.ts';
import { weekTotalRows } from '../functions/views/week-totals.ts';
import { type Cost, createMeter, describeRequests } from './metered-client.ts';
import { addBettors } from '../tests/support/test-data.ts';
import { pool } from '../tests/support/pool.ts';
import type { DashboardCost, PhaseUsage, SizeResult, UsersPageCost } from './report.ts';
import { progress, round, timed } from './util.ts';

const players = Number(process.argv[2]);
if (!Number.isInteger(players) || players < 1)
  throw new Error(`usage: size-run.ts <players>, got '${process.argv[2]}'`);
/** Sunday 12:00 in New York (EST), in week 9 of the demo season anchored on it: weeks 1–8 are played. */
const now = process.env.BENCH_NOW ?? '2026-11-22T17:00:00Z';
const sportId = 33;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const log = (message: string) => progress(`[${players}] ${message}`);
const runStarted = performance.now();

// 1. Database, tables, environment, deps with a clock we control, the demo seed.
const database = await startBenchDatabase();
const phases: Record<string, PhaseUsage> = {};
/** Runs a phase and records its wall time and the CPU time both processes spent in it. */
async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const [benchBefore, databaseBefore, started] = [process.cpuUsage(), await database.cpuSeconds(), performance.now()];
  const value = await fn();
  const wallMs = performance.now() - started;
  const bench = process.cpuUsage(benchBefore);
  const databaseAfter = await database.cpuSeconds();
  phases[name] = {
    wallMs,
    benchCpu: (bench.user + bench.system) / 1e6,
    databaseCpu: databaseAfter === undefined ? undefined : databaseAfter - databaseBefore!,
  };
  return value;
}
const busy = (name: string) => {
  const usage = phases[name]!;
  const share = (cpu: number | undefined) =>
    cpu === undefined ? '?' : `${Math.round((100 * cpu) / (usage.wallMs / 1000))}%`;
  return `CPU busy: bench ${share(usage.benchCpu)}, dynalite ${share(usage.databaseCpu)}`;
};
const { names, admin } = await useBenchTables(database);

const clockAt = Date.parse(now);
const clock: Clock = { now: () => new Date(clockAt) };
const signingKey = new Uint8Array(randomBytes(32));
const deps: Deps = { ...depsFromEnv(), clock, signingKey: async () => signingKey };
const at = (instant: number): Deps => ({ ...deps, clock: fixedClock(new Date(instant)) });

const seeded = await timed(() => seedDemo(deps));
const weeks = await listWeeks(deps, sportId);
const selection = selectWeeks(weeks, clock.now());
const nowInNewYork = inZone(clock.now(), 'America/New_York');
if (selection?.current?.number !== 9 || nowInNewYork.format('ddd HH:mm') !== 'Sun 12:00') {
  throw new Error(
    `the clock ${now} should be Sunday 12:00 New York in week 9; it is ${nowInNewYork.format('ddd HH:mm')} in week ${selection?.current?.number}`,
  );
}
const week = (number: number) => weeks.find((candidate) => candidate.number === number)!;
const demo = (await findClientByDomain(deps, 'demo'))!;
const coach = (await findUserByLogin(deps, demo.id, 'coach'))!;
const bettorRole = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === demo.id)!;
log(
  `${database.mode} dynalite at ${database.endpoint}; demo seeded in ${(seeded.ms / 1000).toFixed(1)} s; now = ${now} (${nowInNewYork.format('ddd D MMM HH:mm')} New York, week 9)`,
);

// 2. N bettors.
const added = await timed(() => addBettors(deps, demo, bettorRole, players, 'bench'));
const bench: User[] = added.value;
const tenantPlayers = (await listUsers(deps, demo.id)).length;
log(`added ${players} bettors in ${(added.ms / 1000).toFixed(1)} s (the demo client now has ${tenantPlayers} users)`);

// 3. A season of picks through runSlipCommand, the week view loaded once per week.
const byKickoff = (a: GameFacts, b: GameFacts) => a.beginning.localeCompare(b.beginning) || a.id - b.id;
let game: GameFacts | undefined;
let commands = 0;
let events = 0;
const picking = await timed(() =>
  phase('picks', async () => {
    for (const current of weeks) {
      const placedAt = Date.parse(current.beginDate) + 30 * 60 * 1000;
      const weekDeps = at(placedAt);
      const view = await loadWeek(weekDeps, { clientId: demo.id, sportId, weekId: current.id });
      const pickable = [...view.facts.values()]
        .filter((facts) => facts.onRegularDay && isOpenForBets(facts, new Date(placedAt)) && hasSpread(facts.homeLine))
        .sort(byKickoff);
      if (pickable.length < regularPoints.length)
        throw new Error(`week ${current.number} has only ${pickable.length} pickable games`);
      const together = current.number === 9 ? pickable[0]! : undefined;
      if (together) game = together;
      const started = performance.now();
      await pool(bench, concurrency, async (player) => {
        const random = seededRandom('bench-picks', player.id, current.id);
        const chosen = together ? [together, ...shuffled(pickable.slice(1), random)] : shuffled(pickable, random);
        const bets: RequestedBet[] = chosen.slice(0, regularPoints.length).map((facts, index) => ({
          gameId: facts.id,
          teamId: random() < 0.5 ? facts.homeTeamId : facts.awayTeamId,
          points: regularPoints[index]!,
        }));
        const slip = { clientId: demo.id, userId: player.id, sportId, weekId: current.id };
        const { appended } = await runSlipCommand(
          weekDeps,
          { slip, actorId: player.id, correlationId: `bench-${player.id}-${current.id}` },
          { type: 'SetRegularBets', bets },
          view,
        );
        commands += 1;
        events += appended.length;
      });
      const seconds = (performance.now() - started) / 1000;
      log(
        `week ${String(current.number).padStart(2)}: ${players} set-bets in ${seconds.toFixed(1)} s (${Math.round(players / seconds)}/s)${together ? `; every 20-point pick on game ${together.id}` : ''}`,
      );
    }
  }),
);
const g = game!;
log(
  `picks: ${commands} commands, ${events} events in ${(picking.ms / 1000).toFixed(1)} s (${Math.round(commands / (picking.ms / 1000))} commands/s, ${concurrency} in flight); ${busy('picks')}`,
);

const waits = (cost: { msByOperation: Record<string, number> }) =>
  Object.entries(cost.msByOperation)
    .sort(([, a], [, b]) => b - a)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');

// Everything read or written from here on is metered. The event store and the id counter get the
// metered client too (not only deps.db), so slip reads and appends are counted as well.
const meter = createMeter();
const meteredDb = documentClient(meter.client(database.endpoint));
const metered: Deps = {
  ...deps,
  db: meteredDb,
  events: dynamoEventStore(meteredDb, names.events),
  ids: counterIds(meteredDb, names.state),
};

// 4. Results of the games played so far (the job also closes weeks 1–8 and penalizes).
const sport = (await getSport(deps, sportId))!;
const season = (await getSeason(deps, sportId))!;
const imported = await phase('importResults', () =>
  meter.measure(() =>
    importResults(metered, sport, feedFor(clock, localDate(season.beginDate)), [demo.id], coach.id).then(
      ({ counts }) => counts,
    ),
  ),
);
log(
  `importResults: ${imported.value.results} results, ${imported.value.changed} appended, ${imported.value.weeksClosed} weeks closed, ${imported.value.penalties} penalties in ${(imported.cost.ms / 1000).toFixed(1)} s; requests ${describeRequests(imported.cost)}; ${busy('importResults')}`,
);

// 5. Rebuild every view from the events.
const rebuilt = await phase('rebuild', () => meter.measure(() => rebuildViews(metered)));
log(
  `rebuild: ${rebuilt.value.events} events from ${rebuilt.value.commits} commits, ${rebuilt.value.weeks} client weeks in ${rebuilt.value.seconds.toFixed(1)} s (${rebuilt.value.eventsPerSecond} events/s); requests ${describeRequests(rebuilt.cost)}; waiting on ${waits(rebuilt.cost)}; ${busy('rebuild')}`,
);

// 5b. Import Scores again: the feed has nothing new.
const importedAgain = await phase('importScoresNoChange', () =>
  meter.measure(() =>
    importResults(metered, sport, feedFor(clock, localDate(season.beginDate)), [demo.id], coach.id).then(
      ({ counts }) => counts,
    ),
  ),
);
log(
  `importResults again (nothing new): ${importedAgain.value.changed} appended in ${(importedAgain.cost.ms / 1000).toFixed(1)} s; requests ${describeRequests(importedAgain.cost)}, ${importedAgain.cost.itemsRead} items read; ${busy('importScoresNoChange')}`,
);

// 6. What the read handlers cost.
const api = areaHandlers(metered);
const player = bench.at(-1)!;
const playerToken = (await issueToken(deps, { userId: player.id, clientId: demo.id })).access_token;
const coachToken = (await issueToken(deps, { userId: coach.id, clientId: demo.id })).access_token;
const week8 = week(8).id;
const week9 = week(9).id;
const balance = (weekId: number, extra = '') => `/Services/api/Bet/balance?sportId=${sportId}&weekId=${weekId}${extra}`;

const screens = await leaderboardScreens({ api, meter, token: playerToken, sportId, weekId: week8, clientId: demo.id });
log(
  `leaderboard week 8 as a bench player (${screens.me ? `#${screens.me.rank} of ${screens.me.players}` : 'no row'}): first screen ${screens.firstScreen.calls} calls, ${screens.firstScreen.requests} requests, ${screens.firstScreen.items} items, ${(screens.firstScreen.bytes / 1024).toFixed(1)} kB, ${screens.firstScreen.ms.toFixed(0)} ms (${Object.entries(
    screens.firstScreen.perCall,
  )
    .map(([name, call]) => `${name} ${call.requests} req/${call.items} items/${(call.bytes / 1024).toFixed(1)} kB`)
    .join(
      '; ',
    )}); next page ${screens.nextRows} rows, ${screens.nextPage.requests} requests, ${screens.nextPage.items} items, ${(screens.nextPage.bytes / 1024).toFixed(1)} kB, ${screens.nextPage.ms.toFixed(0)} ms`,
);
const top3 = await meter.measure(() =>
  api.call<LeaderboardPage>('GET', balance(week8, '&limit=3&showRegularGames=false'), playerToken),
);
log(
  `top 3: ${describeRequests(top3.cost)}, ${top3.cost.itemsRead} items, ${top3.cost.readUnits} RCU, ${top3.cost.ms.toFixed(0)} ms`,
);

async function dashboard(
  token: string,
  last: { name: string; method: 'GET' | 'POST'; url: string; form: Record<string, string> },
): Promise<DashboardCost> {
  const calls = [
    { name: 'GET /user', method: 'GET' as const, url: '/Services/user' },
    {
      name: 'GET Client/sport-list',
      method: 'GET' as const,
      url: `/Services/api/Client/sport-list?clientId=${demo.id}`,
    },
    { name: 'GET Bet/week-list', method: 'GET' as const, url: `/Services/api/Bet/week-list?sportId=${sportId}` },
    {
      name: 'GET Bet/stats',
      method: 'GET' as const,
      url: `/Services/api/Bet/stats?sportId=${sportId}&weekId=${week9}`,
    },
    { name: 'GET Bet/balance top 3', method: 'GET' as const, url: balance(week9, '&limit=3&showRegularGames=false') },
    last,
  ];
  // The app asks for all of them at once: that gives the wall time and the total; each call alone
  // gives its share.
  const all = await meter.measure(() =>
    Promise.all(calls.map((call) => api.call(call.method, call.url, token, 'form' in call ? call.form : undefined))),
  );
  const perCall: Record<string, Cost> = {};
  for (const call of calls)
    perCall[call.name] = (
      await meter.measure(() => api.call(call.method, call.url, token, 'form' in call ? call.form : undefined))
    ).cost;
  const total = all.cost;
  return { total, perCall };
}

const dashboardBettor = await dashboard(playerToken, {
  name: 'POST Bet/list (week 8)',
  method: 'POST',
  url: '/Services/api/Bet/list',
  form: { sportId: String(sportId), weekId: String(week8) },
});
const dashboardCoach = await dashboard(coachToken, {
  name: 'POST User/list (6)',
  method: 'POST',
  url: '/Services/api/User/list',
  form: { limit: '6', page: '1', orderBy: 'First Name' },
});
for (const [who, cost] of [
  ['bettor', dashboardBettor],
  ['coach', dashboardCoach],
] as const) {
  log(
    `dashboard (${who}): ${describeRequests(cost.total)}, ${cost.total.itemsRead} items, ${cost.total.readUnits} RCU, ${cost.total.ms.toFixed(0)} ms; ${Object.entries(
      cost.perCall,
    )
      .map(([name, call]) => `${name} ${call.requests} req/${call.itemsRead} items/${call.readUnits} RCU`)
      .join('; ')}`,
  );
}

// The users page as the company admin: the first page of 50, then a search matching some bench players by the
// start of their login (and e-mail). The page reads its own rows and the counts; the search reads the users it finds.
const listedUsers = (await listUsers(deps, demo.id)).filter((user) => !user.deletedAt).length;
const searchTerm = 'bench001';
const searchMatches = bench.filter((user) => user.login.startsWith(searchTerm)).length;
async function usersPage(form: Record<string, string>, expectedTotal: number): Promise<UsersPageCost> {
  const { value, cost } = await meter.measure(() =>
    api.call<{ total: number; data: unknown[] }>('POST', '/Services/api/User/list', coachToken, form),
  );
  const expectedRows = Math.min(50, expectedTotal);
  if (value.total !== expectedTotal || value.data.length !== expectedRows)
    throw new Error(
      `User/list ${JSON.stringify(form)} answered total ${value.total} with ${value.data.length} rows; expected total ${expectedTotal} with ${expectedRows} rows`,
    );
  return { total: value.total, rows: value.data.length, cost };
}
const usersFirstPage = await usersPage({ limit: '50', page: '1' }, listedUsers);
const usersSearch = await usersPage({ limit: '50', page: '1', search: searchTerm }, searchMatches);
for (const [what, page] of [
  ['first page of 50', usersFirstPage],
  [`search '${searchTerm}'`, usersSearch],
] as const)
  log(
    `users list, ${what}: total ${page.total}, ${page.rows} rows; ${describeRequests(page.cost)}, ${page.cost.itemsRead} items, ${page.cost.readUnits} RCU, ${page.cost.ms.toFixed(0)} ms`,
  );

// 7. Settle game G: a corrected final result, then the projector's work for that one commit.
const { commits: before } = await deps.events.readStream<GameResultRecorded>(gameStreamId(g.id));
const last = before.at(-1)?.events.at(-1)?.data;
const facts = { gameId: g.id, sportId: g.sportId, weekId: g.weekId, homeTeamId: g.homeTeamId, beginning: g.beginning };
// Every bet on G carries the line of one view (home pickers homeLine, away pickers its opposite).
// The corrected score lets the other side cover by a clear margin, so every one of the N bets
// changes its grade, and with it every player's week total and season row: a full settlement.
const line = g.homeLine ?? 0;
const homeCoveredBefore =
  last?.status === 2 &&
  last.homeScore !== null &&
  last.awayScore !== null &&
  last.homeScore - last.awayScore + line > 0;
const margin = Math.ceil(Math.abs(line)) + 7;
const corrected: GameResult = homeCoveredBefore
  ? { status: GameStatus.Finished, homeScore: 17, awayScore: 17 + margin }
  : { status: GameStatus.Finished, homeScore: 17 + margin, awayScore: 17 };
const appended = await handleCommand(
  deps.events,
  gameStreamId(g.id),
  { at: clock.now().toISOString(), actor: coach.id, correlationId: 'bench-settlement' },
  gameDecider,
  { type: 'RecordResult', game: facts, result: corrected },
  { now: clock.now() },
);
if (!appended.appended.length) throw new Error(`the corrected result of game ${g.id} appended nothing`);
const commit = (await deps.events.readStream(gameStreamId(g.id))).commits.at(-1)!;
const settled = await phase('settlement', () => meter.measure(() => applyCommit(metered, commit)));
const week9Totals = await weekTotalRows(deps, { clientId: demo.id, sportId, weekId: week9 });
const graded = week9Totals.filter((total) => [2, 3].includes(total.slots.twentyPoint?.result ?? 0)).length;
log(
  `settlement of game ${g.id} (line ${line}: ${last ? `${last.homeScore}–${last.awayScore} corrected to` : 'final'} ${corrected.homeScore}–${corrected.awayScore}, ${players} bets): applyCommit ${(settled.cost.ms / 1000).toFixed(2)} s, ${describeRequests(settled.cost)}, ${settled.cost.itemsRead} items read, ${settled.cost.itemsWritten} written; waiting on ${waits(settled.cost)}; ${busy('settlement')}; week 9 totals hold ${graded} graded 20-point picks (expected ${players})`,
);

// A probe: the largest close-week commit for a week none of the N players picked (their NBA weeks).
const allBettors = (await listUsers(deps, demo.id))
  .filter((user) => user.roleId === bettorRole.id || user.id === coach.id)
  .map((user) => ({ userId: user.id, memberSince: user.dateCreated }));
const closeEvents = weekDecider.decide({ type: 'CloseWeek' }, weekDecider.initialState, {
  now: clock.now(),
  weekBegins: clock.now().toISOString(),
  gameStatuses: [GameStatus.Finished],
  players: allBettors,
  playersWithBets: new Set(),
});
const probeItem = {
  PK: 'bench-probe#close-week',
  SK: 1,
  events: closeEvents,
  at: now,
  actor: coach.id,
  correlationId: 'bench-probe',
};
let probeError: string | undefined;
try {
  await deps.events.append(probeItem.PK, 0, closeEvents, { at: now, actor: coach.id, correlationId: 'bench-probe' });
} catch (error) {
  probeError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
const probeBytes = Buffer.byteLength(JSON.stringify(probeItem));
log(
  `close-week probe: a week nobody picked puts at most ${closeEvents.length} events (~${Math.round(probeBytes / 1024)} kB) in one commit: ${probeError ?? 'accepted'}`,
);

// 8. The Leaderboard sorted by the Live column while week 9's 1 pm games are under way.
const liveScreen = await liveLeaderboardScreen(deps, sport, season, {
  api,
  meter,
  token: playerToken,
  sportId,
  weekId: week9,
  clientId: demo.id,
});
log(
  `live leaderboard week 9 (sort=live, ${liveScreen.underWay} games under way, ${liveScreen.liveGames} live on the page, own row #${liveScreen.me?.rank}): first screen ${liveScreen.firstScreen.requests} requests, ${liveScreen.firstScreen.items} items, ${(liveScreen.firstScreen.bytes / 1024).toFixed(1)} kB (balance ${liveScreen.firstScreen.perCall['GET Bet/balance']?.items} items); next page ${liveScreen.nextPage.items} items`,
);

const result: SizeResult = {
  players,
  tenantPlayers,
  database: database.mode,
  now,
  seedMs: seeded.ms,
  addPlayersMs: added.ms,
  picks: { commands, events, ms: picking.ms, perSecond: commands / (picking.ms / 1000), concurrency },
  game: { id: g.id, beginning: g.beginning, bets: players },
  importResults: { ...imported.value, cost: imported.cost },
  rebuild: {
    commits: rebuilt.value.commits,
    events: rebuilt.value.events,
    weeks: rebuilt.value.weeks,
    ms: rebuilt.cost.ms,
    eventsPerSecond: rebuilt.value.events / (rebuilt.cost.ms / 1000),
    cost: rebuilt.cost,
  },
  importScoresNoChange: { ...importedAgain.value, cost: importedAgain.cost },
  leaderboard: screens,
  liveLeaderboard: liveScreen,
  top3: { rows: top3.value.rows.length, cost: top3.cost },
  dashboardBettor,
  dashboardCoach,
  usersList: { firstPage: usersFirstPage, search: { term: searchTerm, ...usersSearch } },
  settlement: { cost: settled.cost, graded, expected: players },
  closeWeekProbe: { events: closeEvents.length, bytes: probeBytes, error: probeError },
  phases,
  totalMs: performance.now() - runStarted,
};
log(`done in ${round((performance.now() - runStarted) / 1000, 1)} s`);
result.loadAverage = loadavg()[0]!;
admin.destroy();
await database.close();
process.send?.(result);
process.exit(0);
