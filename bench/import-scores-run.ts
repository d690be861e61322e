// Import Scores at scale, in a process of its own: npx tsx bench/import-scores-run.ts [players]
// A demo tenant grows by N bettors who all pick week 8 only (views rebuilt), then Import Scores closes
// weeks 1–8 (N penalties in each of weeks 1–7), the projector applies those week commits, and Import
// Scores runs twice more with nothing new. Prints one JSON line of numbers.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { hasSpread, regularPoints, type RequestedPick } from '#domain/betting/slip.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { weekStreamId } from '#domain/scoring/close-week.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { fixedClock } from '../functions/adapters/clock.ts';
import { type Deps, depsFromEnv, documentClient } from '../functions/adapters/deps.ts';
import { dynamoEventStore } from '../functions/adapters/event-store.ts';
import { counterIds } from '../functions/adapters/ids.ts';
import { loadWeek, runSlipCommand } from '../functions/betting/slip-service.ts';
import { applyCommit } from '../functions/projector/apply-commits.ts';
import { rebuildViews } from '../functions/projector/rebuild.ts';
import { feedFor } from '../functions/providers/provider-for.ts';
import { seedDemo } from '../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../functions/store/clients.ts';
import { listAllRoles } from '../functions/store/roles.ts';
import { findUserByLogin } from '../functions/store/account-claims.ts';
import { getSeason, getSport, listWeeks } from '../functions/store/catalogue.ts';
import { pool } from '../tests/support/pool.ts';
import { addBettors } from '../tests/support/test-data.ts';
import { startBenchDatabase, useBenchTables } from './database.ts';
import { measureImportScores } from './import-scores.ts';
import { createMeter } from './metered-client.ts';
import { fixedVersions } from '../functions/adapters/secret-versions.ts';
import { signingKeys as signingKeysOf } from '../functions/adapters/signing-key.ts';
import { progress, timed } from './util.ts';

const players = Number(process.argv[2] ?? 10_000);
const now = '2026-11-22T17:00:00Z';
const sportId = 33;
const log = (message: string) => progress(`[import-scores ${players}] ${message}`);

const database = await startBenchDatabase();
const { names } = await useBenchTables(database);
const clock = fixedClock(new Date(now));
const signingKeys = signingKeysOf(fixedVersions(randomBytes(32).toString('base64url')));
const deps: Deps = { ...depsFromEnv(), clock, signingKeys };
await seedDemo(deps);
const demo = (await findClientByDomain(deps, 'demo'))!;
const coach = (await findUserByLogin(deps, demo.id, 'coach'))!;
const bettorRole = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === demo.id)!;
const bettors = await timed(() => addBettors(deps, demo, bettorRole, players, 'bench'));
log(`${players} bettors added in ${(bettors.ms / 1000).toFixed(1)} s`);

const week8 = (await listWeeks(deps, sportId)).find((week) => week.number === 8)!;
const placedAt = fixedClock(new Date(Date.parse(week8.beginDate) + 30 * 60 * 1000));
const weekDeps = { ...deps, clock: placedAt };
const view = await loadWeek(weekDeps, { clientId: demo.id, sportId, weekId: week8.id });
const pickable = [...view.facts.values()]
  .filter((facts) => facts.onRegularDay && isOpenForPicks(facts, placedAt.now()) && hasSpread(facts.homeLine))
  .slice(0, regularPoints.length);
const picking = await timed(() =>
  pool(bettors.value, 8, async (player) => {
    const bets: RequestedPick[] = pickable.map((facts, index) => ({
      gameId: facts.id,
      teamId: facts.homeTeamId,
      points: regularPoints[index]!,
    }));
    const slip = { clientId: demo.id, userId: player.id, sportId, weekId: week8.id };
    await runSlipCommand(weekDeps, { slip, actorId: player.id }, { type: 'SetRegularPicks', picks: bets }, view);
  }),
);
const rebuilt = await timed(() => rebuildViews(deps));
log(`week 8 picked in ${(picking.ms / 1000).toFixed(1)} s; views rebuilt in ${(rebuilt.ms / 1000).toFixed(1)} s`);

const meter = createMeter();
const meteredDb = documentClient(meter.client(database.endpoint));
const metered: Deps = {
  ...deps,
  db: meteredDb,
  events: dynamoEventStore(meteredDb, names.events),
  ids: counterIds(meteredDb, names.state),
};
const sport = (await getSport(deps, sportId))!;
const season = (await getSeason(deps, sportId))!;
const run = {
  sport,
  feed: feedFor(clock, localDate(season.beginDate), deps.settings),
  clientId: demo.id,
  actorId: coach.id,
};
const closing = await measureImportScores(meter, metered, run);
log(`first import (closes the weeks): ${JSON.stringify(closing)}`);

const weeks = (await listWeeks(deps, sportId)).filter((week) => week.number <= 8);
const weekCommits = (
  await Promise.all(weeks.map((week) => deps.events.readStream(weekStreamId(demo.id, sportId, week.id))))
).flatMap(({ commits }) => commits);
const projected = await meter.measure(async () => {
  for (const commit of weekCommits) await applyCommit(metered, commit);
});
log(
  `projector, ${weekCommits.length} week commits: ${(projected.cost.ms / 1000).toFixed(1)} s, ${projected.cost.requests} requests`,
);

const again = await measureImportScores(meter, metered, run);
const third = await measureImportScores(meter, metered, run);
const result = {
  players,
  loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
  closingImport: closing,
  penaltyProjection: {
    commits: weekCommits.length,
    requests: projected.cost.requests,
    itemsWritten: projected.cost.itemsWritten,
    ms: Math.round(projected.cost.ms),
  },
  importScoresNoChange: [again, third],
};
console.log(JSON.stringify(result));
await database.close();
process.exit(0);
