// Step 3 of a size run: every bench player sets five picks in each week it is given through runSlipCommand at the week's
// start + 30 min, the week view loaded once per week; in week 9 every 20-point pick is on one game G.
import type { User } from '#domain/auth/user.ts';
import { hasSpread, regularPoints, type GameFacts, type RequestedPick } from '#domain/betting/slip.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import type { Week } from '#domain/season/weeks.ts';
import type { Deps } from '../functions/adapters/deps.ts';
import { loadWeek, runSlipCommand } from '../functions/betting/slip-service.ts';
import { seededRandom, shuffled } from '../functions/providers/demo/prng.ts';
import { pool } from '../tests/support/pool.ts';

interface Options {
  /** Deps whose clock stands at the given instant. */
  at: (instant: number) => Deps;
  clientId: number;
  sportId: number;
  weeks: readonly Week[];
  players: readonly User[];
  concurrency: number;
  log: (message: string) => void;
}

const byKickoff = (a: GameFacts, b: GameFacts) => a.beginning.localeCompare(b.beginning) || a.id - b.id;

export async function placeSeasonPicks({ at, clientId, sportId, weeks, players, concurrency, log }: Options) {
  let game: GameFacts | undefined;
  let commands = 0;
  let events = 0;
  for (const current of weeks) {
    const placedAt = Date.parse(current.beginDate) + 30 * 60 * 1000;
    const weekDeps = at(placedAt);
    const view = await loadWeek(weekDeps, { clientId, sportId, weekId: current.id });
    const pickable = [...view.facts.values()]
      .filter((facts) => facts.onRegularDay && isOpenForPicks(facts, new Date(placedAt)) && hasSpread(facts.homeLine))
      .sort(byKickoff);
    if (pickable.length < regularPoints.length)
      throw new Error(`week ${current.number} has only ${pickable.length} pickable games`);
    const together = current.number === 9 ? pickable[0]! : undefined;
    if (together) game = together;
    const started = performance.now();
    await pool(players, concurrency, async (player) => {
      const random = seededRandom('bench-picks', player.id, current.id);
      const chosen = together ? [together, ...shuffled(pickable.slice(1), random)] : shuffled(pickable, random);
      const bets: RequestedPick[] = chosen.slice(0, regularPoints.length).map((facts, index) => ({
        gameId: facts.id,
        teamId: random() < 0.5 ? facts.homeTeamId : facts.awayTeamId,
        points: regularPoints[index]!,
      }));
      const slip = { clientId, userId: player.id, sportId, weekId: current.id };
      const { appended } = await runSlipCommand(
        weekDeps,
        { slip, actorId: player.id, correlationId: `bench-${player.id}-${current.id}` },
        { type: 'SetRegularPicks', picks: bets },
        view,
      );
      commands += 1;
      events += appended.length;
    });
    const seconds = (performance.now() - started) / 1000;
    log(
      `week ${String(current.number).padStart(2)}: ${players.length} set-bets in ${seconds.toFixed(1)} s (${Math.round(players.length / seconds)}/s)${together ? `; every 20-point pick on game ${together.id}` : ''}`,
    );
  }
  return { game: game!, commands, events };
}
