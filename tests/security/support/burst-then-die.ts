// Starts the stack on a data folder, then sends a burst of set-bets (eight players, each one request
// after another) and starts an import and a week close; every request is logged to the journal before
// it is sent and again when it is acknowledged. After 40 acknowledged set-bets and both job starts it
// kills itself with SIGKILL, while other requests are still in flight.
import { appendFileSync } from 'node:fs';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { loadWeek } from '../../../functions/betting/slip-service.ts';
import { bettorPermissions, companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { callRoute } from './probe-routes.ts';
import { currentWeekId, memberWith, nfl, pastWeekId } from './probe-tenants.ts';
import { startProbeStack } from './probe-world.ts';

const [dataDir, journal] = process.argv.slice(2) as [string, string];
const log = (entry: Record<string, unknown>) => appendFileSync(journal, `${JSON.stringify(entry)}\n`);

const { stack, demo, baseUrl } = await startProbeStack(dataDir);
await stack.settled();
const admin = await memberWith(stack.deps, demo, companyAdminPermissions, { login: 'crash-admin' });
const players = await Promise.all(
  Array.from({ length: 8 }, (_, index) => memberWith(stack.deps, demo, bettorPermissions, { login: `crash-${index}` })),
);
log({ kind: 'admin', userId: admin.user.id });
const view = await loadWeek(stack.deps, { clientId: demo.id, sportId: nfl, weekId: currentWeekId });
const games = [...view.facts.values()].filter(
  (game) => game.onRegularDay && isOpenForPicks(game, stack.deps.clock.now()) && hasSpread(game.homeLine),
);

let acknowledged = 0;
let jobsStarted = 0;
const dieWhenDone = () => {
  if (acknowledged >= 40 && jobsStarted === 2) process.kill(process.pid, 'SIGKILL');
};

async function startJob(route: 'importScores' | 'closeWeekJob', input: Record<string, unknown>) {
  const answer = await callRoute(baseUrl, route, { input, token: admin.token });
  if (answer.status !== 202) throw new Error(`${route} answered ${answer.status} ${answer.text}`);
  log({ kind: 'job', jobId: answer.body.jobId });
  jobsStarted += 1;
  dieWhenDone();
}

async function burst(player: (typeof players)[number], index: number) {
  for (let seq = 0; ; seq += 1) {
    const bets = regularPoints.map((points, slot) => {
      const game = games[(seq + slot + index) % games.length]!;
      return { gameId: game.id, teamId: (seq + index) % 2 ? game.homeTeamId : game.awayTeamId, points };
    });
    log({ kind: 'sent', userId: player.user.id, seq, bets });
    const answer = await callRoute(baseUrl, 'setBets', {
      input: { sportId: nfl, weekId: currentWeekId, bets },
      token: player.token,
    });
    if (answer.status !== 200) throw new Error(`set-bets answered ${answer.status} ${answer.text}`);
    log({ kind: 'ack', userId: player.user.id, seq });
    acknowledged += 1;
    dieWhenDone();
  }
}

await Promise.all([
  ...players.map(burst),
  startJob('importScores', { sportId: nfl }),
  startJob('closeWeekJob', { sportId: nfl, weekId: pastWeekId }),
]);
