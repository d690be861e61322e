// One tenant size, steps 1–8 of the benchmark, in a process of its own:
//   node --import tsx bench/size-run.ts <players>
// Loads a season through the real commands and jobs with the projector detached, rebuilds the
// views, measures what the read handlers cost, and times the settlement of one game carrying a
// bet of every player. Sends its SizeResult to the parent over IPC.
import { formatZoned, localDate } from '#domain/season/zoned-time.ts';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { selectWeeks } from '#domain/season/weeks.ts';
import type { Clock } from '../functions/adapters/clock.ts';
import { fixedClock } from '../functions/adapters/clock.ts';
import { type Deps, depsFromEnv, documentClient } from '../functions/adapters/deps.ts';
import { dynamoEventStore } from '../functions/adapters/event-store.ts';
import { counterIds } from '../functions/adapters/ids.ts';
import { issueUserToken } from '../functions/adapters/tokens.ts';
import { importScores } from '../functions/jobs/import-scores.ts';
import { applyCommit } from '../functions/projector/apply-commits.ts';
import { rebuildViews } from '../functions/projector/rebuild.ts';
import { feedFor } from '../functions/providers/provider-for.ts';
import { seedDemo } from '../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../functions/store/clients.ts';
import { listAllRoles } from '../functions/store/roles.ts';
import { listUsers } from '../functions/store/users.ts';
import { findUserByLogin } from '../functions/store/account-claims.ts';
import { getSeason, getSport, listWeeks } from '../functions/store/catalogue.ts';
import { weekTotalRows } from '../functions/views/week-totals.ts';
import { addBettors } from '../tests/support/test-data.ts';
import { closeWeekProbe } from './close-week-probe.ts';
import { recordCorrectedResult } from './corrected-result.ts';
import { dashboardCost, topThreeCost } from './dashboard-costs.ts';
import { startBenchDatabase, useBenchTables } from './database.ts';
import { areaHandlers } from './handlers.ts';
import { leaderboardScreens } from './leaderboard-screens.ts';
import { liveLeaderboardScreen } from './live-leaderboard.ts';
import { createMeter, describeRequests, describeWaits } from './metered-client.ts';
import { phaseMeter } from './phases.ts';
import type { SizeResult } from './result-types.ts';
import { placeSeasonPicks } from './season-picks.ts';
import { missingPicksCost, usersListCosts } from './users-list-costs.ts';
import { fixedVersions } from '../functions/adapters/secret-versions.ts';
import { signingKeys as signingKeysOf } from '../functions/adapters/signing-key.ts';
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
const { phases, phase, busy } = phaseMeter(database);
const { names, admin } = await useBenchTables(database);

const clockAt = Date.parse(now);
const clock: Clock = { now: () => new Date(clockAt) };
const signingKeys = signingKeysOf(fixedVersions(randomBytes(32).toString('base64url')));
// dynalite writes an item's index entries before it answers.
const deps: Deps = { ...depsFromEnv(), clock, signingKeys, indexLagMs: 0 };
const at = (instant: number): Deps => ({ ...deps, clock: fixedClock(new Date(instant)) });

const seeded = await timed(() => seedDemo(deps));
const weeks = await listWeeks(deps, sportId);
const selection = selectWeeks(weeks, clock.now());
const nowInNewYork = formatZoned(clock.now(), 'ddd HH:mm', 'America/New_York');
if (selection?.current?.number !== 9 || nowInNewYork !== 'Sun 12:00') {
  throw new Error(
    `the clock ${now} should be Sunday 12:00 New York in week 9; it is ${nowInNewYork} in week ${selection?.current?.number}`,
  );
}
const week = (number: number) => weeks.find((candidate) => candidate.number === number)!;
const demo = (await findClientByDomain(deps, 'demo'))!;
const coach = (await findUserByLogin(deps, demo.id, 'coach'))!;
const bettorRole = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === demo.id)!;
log(
  `${database.mode} dynalite at ${database.endpoint}; demo seeded in ${(seeded.ms / 1000).toFixed(1)} s; now = ${now} (${formatZoned(clock.now(), 'ddd D MMM HH:mm', 'America/New_York')} New York, week 9)`,
);

// 2. N bettors.
const added = await timed(() => addBettors(deps, demo, bettorRole, players, 'bench'));
const bench = added.value;
const tenantPlayers = (await listUsers(deps, demo.id)).length;
log(`added ${players} bettors in ${(added.ms / 1000).toFixed(1)} s (the demo client now has ${tenantPlayers} users)`);

// 3. A season of picks through runSlipCommand, the week view loaded once per week: weeks 1–9 only, as on a
// real Sunday of week 9 (a slip takes picks in its current week alone, so no one holds a later week's yet).
const played = weeks.filter((candidate) => candidate.number <= selection.current!.number);
const picking = await timed(() =>
  phase('picks', () =>
    placeSeasonPicks({ at, clientId: demo.id, sportId, weeks: played, players: bench, concurrency, log }),
  ),
);
const { game: g, commands, events } = picking.value;
log(
  `picks: ${commands} commands, ${events} events in ${(picking.ms / 1000).toFixed(1)} s (${Math.round(commands / (picking.ms / 1000))} commands/s, ${concurrency} in flight); ${busy('picks')}`,
);

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
const imported = await phase('importScores', () =>
  meter.measure(() =>
    importScores(metered, sport, feedFor(clock, localDate(season.beginDate), deps.settings), [demo.id], coach.id).then(
      ({ counts }) => counts,
    ),
  ),
);
log(
  `importScores: ${imported.value.results} results, ${imported.value.changed} appended, ${imported.value.weeksClosed} weeks closed, ${imported.value.penalties} penalties in ${(imported.cost.ms / 1000).toFixed(1)} s; requests ${describeRequests(imported.cost)}; ${busy('importScores')}`,
);

// 5. Rebuild every view from the events.
const rebuilt = await phase('rebuild', () => meter.measure(() => rebuildViews(metered)));
log(
  `rebuild: ${rebuilt.value.events} events from ${rebuilt.value.commits} commits, ${rebuilt.value.weeks} client weeks in ${rebuilt.value.seconds.toFixed(1)} s (${rebuilt.value.eventsPerSecond} events/s); requests ${describeRequests(rebuilt.cost)}; waiting on ${describeWaits(rebuilt.cost)}; ${busy('rebuild')}`,
);

// 5b. Import Scores again: the feed has nothing new.
const importedAgain = await phase('importScoresNoChange', () =>
  meter.measure(() =>
    importScores(metered, sport, feedFor(clock, localDate(season.beginDate), deps.settings), [demo.id], coach.id).then(
      ({ counts }) => counts,
    ),
  ),
);
log(
  `importScores again (nothing new): ${importedAgain.value.changed} appended in ${(importedAgain.cost.ms / 1000).toFixed(1)} s; requests ${describeRequests(importedAgain.cost)}, ${importedAgain.cost.itemsRead} items read; ${busy('importScoresNoChange')}`,
);

// 6. What the read handlers cost.
const api = areaHandlers(metered);
const player = bench.at(-1)!;
const playerToken = (await issueUserToken(deps, player)).access_token;
const coachToken = (await issueUserToken(deps, coach)).access_token;
const week8 = week(8).id;
const week9 = week(9).id;

const measuring = { api, meter, token: playerToken, sportId, weekId: week9, clientId: demo.id };
const screens = await leaderboardScreens({ ...measuring, weekId: week8 });
log(
  `leaderboard week 8 as a bench player (${screens.me ? `#${screens.me.rank} of ${screens.me.players}` : 'no row'}): first screen ${screens.firstScreen.calls} calls, ${screens.firstScreen.requests} requests, ${screens.firstScreen.items} items, ${(screens.firstScreen.bytes / 1024).toFixed(1)} kB, ${screens.firstScreen.ms.toFixed(0)} ms (${Object.entries(
    screens.firstScreen.perCall,
  )
    .map(([name, call]) => `${name} ${call.requests} req/${call.items} items/${(call.bytes / 1024).toFixed(1)} kB`)
    .join(
      '; ',
    )}); next page ${screens.nextRows} rows, ${screens.nextPage.requests} requests, ${screens.nextPage.items} items, ${(screens.nextPage.bytes / 1024).toFixed(1)} kB, ${screens.nextPage.ms.toFixed(0)} ms`,
);
const top3 = await topThreeCost({ ...measuring, weekId: week8 });
log(
  `top 3: ${describeRequests(top3.cost)}, ${top3.cost.itemsRead} items, ${top3.cost.readUnits} RCU, ${top3.cost.ms.toFixed(0)} ms`,
);
const dashboardBettor = await dashboardCost(measuring, {
  name: 'POST Bet/list (week 8)',
  method: 'POST',
  url: '/Services/api/Bet/list',
  form: { sportId: String(sportId), weekId: String(week8) },
});
const dashboardCoach = await dashboardCost(
  { ...measuring, token: coachToken },
  {
    name: 'POST User/list (6)',
    method: 'POST',
    url: '/Services/api/User/list',
    form: { limit: '6', page: '1', orderBy: 'First Name' },
  },
);
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

const usersList = await usersListCosts({ ...measuring, token: coachToken }, await listUsers(deps, demo.id), bench);
for (const [what, page] of [
  ['first page of 50', usersList.firstPage],
  [`search '${usersList.search.term}'`, usersList.search],
  [`search '${usersList.broadSearch.term}' (more match)`, usersList.broadSearch],
] as const)
  log(
    `users list, ${what}: total ${page.total}, ${page.rows} rows; ${describeRequests(page.cost)}, ${page.cost.itemsRead} items, ${page.cost.readUnits} RCU, ${page.cost.ms.toFixed(0)} ms`,
  );

const missingPicks = await missingPicksCost({ ...measuring, token: coachToken }, sportId, week9);
log(
  `missing picks, week 9, first page of 50: ${missingPicks.rows} rows${missingPicks.more ? ', more behind a cursor' : ''}; ${describeRequests(missingPicks.cost)}, ${missingPicks.cost.itemsRead} items, ${missingPicks.cost.readUnits} RCU, ${missingPicks.cost.ms.toFixed(0)} ms`,
);

// 7. Settle game G: a corrected final result, then the projector's work for that one commit.
const { commit, line, last, corrected } = await recordCorrectedResult(deps, g, coach.id);
const settled = await phase('settlement', () => meter.measure(() => applyCommit(metered, commit)));
const week9Totals = await weekTotalRows(deps, { clientId: demo.id, sportId, weekId: week9 });
const graded = week9Totals.filter((total) => [2, 3].includes(total.slots.twentyPoint?.result ?? 0)).length;
log(
  `settlement of game ${g.id} (line ${line}: ${last ? `${last.homeScore}–${last.awayScore} corrected to` : 'final'} ${corrected.homeScore}–${corrected.awayScore}, ${players} bets): applyCommit ${(settled.cost.ms / 1000).toFixed(2)} s, ${describeRequests(settled.cost)}, ${settled.cost.itemsRead} items read, ${settled.cost.itemsWritten} written; waiting on ${describeWaits(settled.cost)}; ${busy('settlement')}; week 9 totals hold ${graded} graded 20-point picks (expected ${players})`,
);

const allBettors = (await listUsers(deps, demo.id))
  .filter((user) => user.roleId === bettorRole.id || user.id === coach.id)
  .map((user) => ({ userId: user.id, memberSince: user.dateCreated }));
const probe = await closeWeekProbe(deps, allBettors, coach.id, now);
log(
  `close-week probe: a week nobody picked puts at most ${probe.events} events (~${Math.round(probe.bytes / 1024)} kB) in one commit: ${probe.error ?? 'accepted'}`,
);

// 8. The Leaderboard sorted by the Live column while week 9's 1 pm games are under way.
const liveScreen = await liveLeaderboardScreen(deps, sport, season, measuring);
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
  importScores: { ...imported.value, cost: imported.cost },
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
  usersList,
  missingPicks,
  settlement: { cost: settled.cost, graded, expected: players },
  closeWeekProbe: probe,
  phases,
  totalMs: performance.now() - runStarted,
};
log(`done in ${round((performance.now() - runStarted) / 1000, 1)} s`);
result.loadAverage = loadavg()[0]!;
admin.destroy();
await database.close();
process.send?.(result);
process.exit(0);
