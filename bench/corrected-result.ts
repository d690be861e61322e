// Step 7 of a size run, its write: a corrected final result of game G, where every bench player's 20-point pick is.
import type { GameFacts } from '#domain/betting/slip.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { gameDecider, type GameResult, type GameResultRecorded, gameStreamId } from '#domain/games/game-result.ts';
import { handleCommand } from '../functions/store/command-handler.ts';
import type { Deps } from '../functions/adapters/deps.ts';

/** Appends the corrected result and answers the commit the projector then settles, with what it corrected. */
export async function recordCorrectedResult(deps: Deps, g: GameFacts, actorId: number) {
  const { commits: before } = await deps.events.readStream<GameResultRecorded>(gameStreamId(g.id));
  const last = before.at(-1)?.events.at(-1)?.data;
  const facts = {
    gameId: g.id,
    sportId: g.sportId,
    weekId: g.weekId,
    homeTeamId: g.homeTeamId,
    beginning: g.beginning,
  };
  // Every bet on G carries the line of one view (home pickers homeLine, away pickers its opposite).
  // The corrected score lets the other side cover by a clear margin, so every one of the N bets
  // changes its grade, and with it every player's week total and the season it carries: a full settlement.
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
  const now = deps.clock.now();
  const appended = await handleCommand(
    deps,
    gameStreamId(g.id),
    { at: now.toISOString(), actor: actorId, correlationId: 'bench-settlement' },
    gameDecider,
    { type: 'RecordResult', game: facts, result: corrected },
    { now },
  );
  if (!appended.appended.length) throw new Error(`the corrected result of game ${g.id} appended nothing`);
  const commit = (await deps.events.readStream(gameStreamId(g.id))).commits.at(-1)!;
  return { commit, line, last, corrected };
}
