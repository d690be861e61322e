// Import Scores: ask the provider for results and append, per game, only what changed. Then close
// every week of the sport whose games are all over, for the client that ran the import.
import { gameDecider, gameStreamId } from '#domain/games/game-result.ts';
import type { Game, Sport } from '#domain/catalogue/types.ts';
import { handleCommand } from '../adapters/command-handler.ts';
import type { Deps } from '../adapters/deps.ts';
import type { SportsDataProvider } from '../providers/port.ts';
import { listWeekGames, listWeeks } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { batchPut } from '../store/state-table.ts';
import { closeWeek } from './close-week.ts';

export async function importResults(
  deps: Deps,
  sport: Sport,
  provider: SportsDataProvider,
  clientId: number,
  actorId: number,
) {
  const weeks = await listWeeks(deps, sport.id);
  const games = new Map<number, Game>();
  for (const week of weeks) for (const game of await listWeekGames(deps, week.id)) games.set(game.id, game);
  const results = await provider.listResults(sport.providerKey, weeks[0]?.beginDate ?? new Date(0).toISOString());
  const now = deps.clock.now();
  const rows: Game[] = [];
  let changed = 0;
  for (const result of results) {
    const game = games.get(result.gameId);
    if (!game) continue;
    const reported = { status: result.status, homeScore: result.homeScore, awayScore: result.awayScore };
    const facts = {
      gameId: game.id,
      sportId: game.sportId,
      weekId: game.weekId,
      homeTeamId: game.homeTeamId,
      beginning: game.beginning,
    };
    const { appended } = await handleCommand(
      deps.events,
      gameStreamId(game.id),
      { at: now.toISOString(), actor: actorId, correlationId: deps.ids.correlation() },
      gameDecider,
      { type: 'RecordResult', game: facts, result: reported },
      { now },
    );
    if (appended.length) changed += 1;
    // A re-run after a crash finds results already appended whose game rows were never written.
    const rowIsStale =
      game.eventStatus !== result.status ||
      (game.homeTeamScore ?? null) !== result.homeScore ||
      (game.awayTeamScore ?? null) !== result.awayScore;
    if (appended.length || rowIsStale)
      rows.push({
        ...game,
        eventStatus: result.status,
        homeTeamScore: result.homeScore,
        awayTeamScore: result.awayScore,
      });
  }
  await batchPut(
    deps,
    rows.map((game) => ({ ...keys.game(game.weekId, game.id), ...game })),
  );

  let weeksClosed = 0;
  let penalties = 0;
  for (const week of weeks.filter((candidate) => Date.parse(candidate.endDate) < now.getTime())) {
    const closed = await closeWeek(deps, { clientId, sportId: sport.id, week }, actorId, {
      skipIfNotOver: true,
    });
    if (closed) {
      weeksClosed += 1;
      penalties += closed.penalized;
    }
  }
  return { results: results.length, changed, weeksClosed, penalties };
}
