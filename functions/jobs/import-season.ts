// Import a sport's season from the provider: teams, affiliates, the season, its weeks, its games
// and every affiliate's spreads. Safe to run again: it writes the same items.
import type { Game, Season, Sport } from '#domain/catalogue/types.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { planWeeks, weekContaining } from '#domain/season/weeks.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import type { Deps } from '../adapters/deps.ts';
import type { SportsDataProvider } from '../providers/port.ts';
import { keys } from '../store/keys.ts';
import { batchPut } from '../store/state-table.ts';

export const seasonIdOf = (year: number, sportId: number) => year * 100 + sportId;

export async function importSeason(deps: Deps, sport: Sport, provider: SportsDataProvider) {
  const [teams, affiliates, providerGames] = await Promise.all([
    provider.listTeams(sport.providerKey),
    provider.listAffiliates(sport.providerKey),
    provider.listSeasonGames(sport.providerKey),
  ]);
  const rounds = Math.max(...providerGames.map((game) => game.round));
  const firstKickoff = providerGames.reduce(
    (first, game) => (game.beginning < first ? game.beginning : first),
    providerGames[0]!.beginning,
  );
  const year = providerGames[0]!.seasonYear;
  const seasonId = seasonIdOf(year, sport.id);
  const weeks = planWeeks({
    sportId: sport.id,
    seasonId,
    firstDay: localDate(firstKickoff, sport.timeZone),
    weekCount: rounds,
    timeZone: sport.timeZone,
  });
  const season: Season = {
    id: seasonId,
    sportId: sport.id,
    sportName: sport.name,
    year,
    beginDate: weeks[0]!.beginDate,
    endDate: weeks.at(-1)!.endDate,
  };
  const games: Game[] = providerGames.map((game) => {
    const week = weekContaining(weeks, new Date(game.beginning));
    if (!week) throw new Error(`Game ${game.id} at ${game.beginning} falls outside the season`);
    return {
      id: game.id,
      sportId: sport.id,
      seasonId,
      weekId: week.id,
      beginning: game.beginning,
      eventStatus: GameStatus.Upcoming,
      homeTeamId: game.homeTeamId,
      awayTeamId: game.awayTeamId,
      homeTeamScore: null,
      awayTeamScore: null,
    };
  });
  const weekOfGame = new Map(games.map((game) => [game.id, game.weekId]));
  const spreads = (
    await Promise.all(affiliates.map((affiliate) => provider.listSpreads(sport.providerKey, affiliate.id)))
  ).flat();

  await batchPut(deps, [
    ...teams.map(({ sport: _key, ...team }) => ({ ...keys.team(sport.id, team.id), ...team, sportId: sport.id })),
    ...affiliates.map(({ sport: _key, ...affiliate }) => ({
      ...keys.affiliate(sport.id, affiliate.id),
      ...affiliate,
      sportId: sport.id,
    })),
    { ...keys.season(sport.id), ...season },
    ...weeks.map((week) => ({ ...keys.week(sport.id, week.number), ...week })),
    ...games.map((game) => ({ ...keys.game(game.weekId, game.id), ...game })),
    ...spreads.map((spread) => ({
      ...keys.spread(spread.affiliateId, weekOfGame.get(spread.gameId)!, spread.gameId),
      ...spread,
    })),
  ]);
  return {
    teams: teams.length,
    affiliates: affiliates.length,
    weeks: weeks.length,
    games: games.length,
    spreads: spreads.length,
  };
}
