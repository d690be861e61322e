// Step 8, in a process of its own: the full local stack (dynalite, stream emulator + projector,
// API server) under concurrent POST /Services/api/Bet/set-bets over HTTP. Each worker owns its
// players' slips, so no two requests race on one stream (no 409 by design).
//   node --import tsx bench/stack-run.ts
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { issueUserToken } from '../functions/adapters/tokens.ts';
import { loadWeek } from '../functions/betting/slip-service.ts';
import { seededRandom, shuffled } from '../functions/providers/demo/prng.ts';
import { findClientByDomain } from '../functions/store/clients.ts';
import { listAllRoles } from '../functions/store/roles.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { addBettors } from '../tests/support/test-data.ts';
import { pool } from '../tests/support/pool.ts';
import type { StackResult } from './result-types.ts';
import { percentile, progress, timed } from './util.ts';

const bettors = Number(process.env.BENCH_STACK_BETTORS ?? 200);
const requests = Number(process.env.BENCH_STACK_REQUESTS ?? 2000);
const workers = Number(process.env.BENCH_STACK_WORKERS ?? 20);
/** Thursday 12:00 in New York, week 9: most of the week's regular games are still open. */
const now = process.env.BENCH_STACK_NOW ?? '2026-11-19T17:00:00Z';
const sportId = 33;
const log = (message: string) => progress(`[stack] ${message}`);

const started = await timed(() =>
  startLocalStack({ dataDir: undefined, port: 0, seed: true, now, webRoot: '/nonexistent' }),
);
const stack = started.value;
await stack.settled();
log(`local stack with the demo seed up in ${(started.ms / 1000).toFixed(1)} s at ${stack.url}; clock starts at ${now}`);

const { deps } = stack;
const demo = (await findClientByDomain(deps, 'demo'))!;
const bettorRole = (await listAllRoles(deps)).find((role) => role.name === 'Bettor' && role.clientId === demo.id)!;
const players = await addBettors(deps, demo, bettorRole, bettors, 'load');
const tokens = await Promise.all(players.map(async (player) => (await issueUserToken(deps, player)).access_token));
const view = await loadWeek(deps, { clientId: demo.id, sportId, weekId: undefined });
// Games that stay open through the run: kickoff at least an hour away.
const openUntil = new Date(deps.clock.now().getTime() + 60 * 60 * 1000);
const pickable = [...view.facts.values()].filter(
  (game) => game.onRegularDay && isOpenForPicks(game, openUntil) && hasSpread(game.homeLine),
);
log(`${bettors} bettors added; week ${view.week.number} has ${pickable.length} open regular games with a spread`);

const perWorker = Math.ceil(requests / workers);
const playersPerWorker = Math.floor(bettors / workers);
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const run = await timed(() =>
  pool(
    Array.from({ length: workers }, (_, worker) => worker),
    workers,
    async (worker) => {
      const mine = players.slice(worker * playersPerWorker, (worker + 1) * playersPerWorker);
      for (let index = 0; index < perWorker && worker * perWorker + index < requests; index++) {
        const slot = index % mine.length;
        const player = mine[slot]!;
        const random = seededRandom('bench-load', player.id, index);
        const bets = shuffled(pickable, random)
          .slice(0, regularPoints.length)
          .map((game, position) => ({
            gameId: game.id,
            teamId: random() < 0.5 ? game.homeTeamId : game.awayTeamId,
            points: regularPoints[position]!,
          }));
        const begun = performance.now();
        const answer = await fetch(`${stack.url}/Services/api/Bet/set-bets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[players.indexOf(player)]}` },
          body: JSON.stringify({ sportId, weekId: view.week.id, bets }),
        });
        await answer.arrayBuffer();
        latencies.push(performance.now() - begun);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    },
  ),
);
const drained = await timed(() => stack.settled());
latencies.sort((a, b) => a - b);
const result: StackResult = {
  bettors,
  requests: latencies.length,
  workers,
  statuses,
  ms: run.ms,
  perSecond: latencies.length / (run.ms / 1000),
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  max: latencies.at(-1) ?? Number.NaN,
  drainMs: drained.ms,
};
log(
  `${result.requests} set-bets with ${workers} workers in ${(run.ms / 1000).toFixed(1)} s: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, statuses ${JSON.stringify(statuses)}; stream drained ${(drained.ms / 1000).toFixed(1)} s later`,
);
await stack.close();
process.send?.(result);
process.exit(0);
