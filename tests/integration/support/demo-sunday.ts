// The demo's NFL on a Sunday afternoon, as the feed tests take it: the sport, its teams and the week's games still
// ahead of `now`, and a team as the demo feed names it.
import { expect } from 'vitest';
import type { Game, Sport, Team } from '#domain/catalogue/types.ts';
import type { Deps } from '../../../functions/adapters/deps.ts';
import { currentSeason } from '../../../functions/jobs/current-season.ts';
import { getSport, listTeams } from '../../../functions/store/catalogue.ts';
import { listWeekGames } from '../../../functions/views/week-games.ts';

export const nfl = 33;

/** The sport, its teams and the games of the week holding `now` that kick off after it (at least `atLeast`). */
export async function gamesAhead(deps: Deps, now: string, atLeast: number) {
  const sport: Sport = (await getSport(deps, nfl))!;
  const teams: Team[] = await listTeams(deps, nfl);
  const { weeks } = await currentSeason(deps, sport);
  const week = weeks.find((each) => each.beginDate <= now && now <= each.endDate)!;
  const ahead: Game[] = (await listWeekGames(deps, week.id)).filter((game) => game.beginning > now);
  expect(ahead.length).toBeGreaterThanOrEqual(atLeast);
  return { sport, teams, ahead };
}

/** A team as the demo feed names it. */
export const feedTeamRef = (teams: readonly Team[], teamId: number) => {
  const team = teams.find((each) => each.id === teamId)!;
  return { ref: String(team.id), name: team.name };
};
