import type { DemoGame, SportKey } from './demo-types.ts';
import { normal, seededRandom } from './prng.ts';

// Points; tuned so lines land mostly within NFL 1..14 and NBA 1..13.
const TEAM_RATING_SPREAD: Record<SportKey, number> = { NFL: 4, NBA: 4.5 };
const HOME_EDGE: Record<SportKey, number> = { NFL: 1.5, NBA: 2.5 };
const GAME_NOISE: Record<SportKey, number> = { NFL: 2.5, NBA: 2 };

function teamRating(sport: SportKey, teamId: number): number {
  return normal(seededRandom('rating', sport, teamId)) * TEAM_RATING_SPREAD[sport];
}

/** The points the home team is expected to win by; both the lines and the final scores follow it. */
export function expectedHomeMargin(game: DemoGame): number {
  const { sport } = game;
  return (
    teamRating(sport, game.homeTeamId) -
    teamRating(sport, game.awayTeamId) +
    HOME_EDGE[sport] +
    normal(seededRandom('margin', sport, game.id)) * GAME_NOISE[sport]
  );
}
