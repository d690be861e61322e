import type { DemoGame, DemoSpread, SportKey } from './demo-types.ts';
import { expectedHomeMargin } from './matchup.ts';
import { seededRandom, type Random } from './prng.ts';

const MAX_LINE: Record<SportKey, number> = { NFL: 14, NBA: 13 };
const NO_SPREAD_RATE = 1 / 25;
// Whole-number lines are what make pushes (margin 0 → draw) possible.
const WHOLE_LINE_RATE = 0.25;
const MOVED_LINE_RATE = 0.2;
const LINE_MOVES = [-1, -0.5, 0.5, 1];

export function demoSpread(game: DemoGame, affiliateId: number): DemoSpread {
  return { gameId: game.id, affiliateId, homeSpread: homeLine(game, affiliateId) };
}

function homeLine(game: DemoGame, affiliateId: number): number {
  // Keyed on the game only, so "no spread" and the consensus line agree across affiliates.
  const random = seededRandom('spread', game.sport, game.id);
  if (random() < NO_SPREAD_RATE) return 0;
  const consensus = consensusLine(game.sport, expectedHomeMargin(game), random() < WHOLE_LINE_RATE);
  return affiliateLine(game.sport, consensus, seededRandom('line', game.sport, game.id, affiliateId));
}

function consensusLine(sport: SportKey, homeMargin: number, whole: boolean): number {
  const max = MAX_LINE[sport];
  const size = Math.min(Math.max(Math.abs(homeMargin), 1), max);
  const magnitude = whole ? Math.round(size) : Math.min(Math.floor(size) + 0.5, max - 0.5);
  return homeMargin > 0 ? -magnitude : magnitude;
}

/** Some affiliates shade the consensus by half a point or a point, never past zero or the range. */
function affiliateLine(sport: SportKey, consensus: number, random: Random): number {
  if (random() >= MOVED_LINE_RATE) return consensus;
  const move = LINE_MOVES[Math.floor(random() * LINE_MOVES.length)] ?? 0;
  const fits = (line: number) =>
    Math.sign(line) === Math.sign(consensus) && Math.abs(line) >= 1 && Math.abs(line) <= MAX_LINE[sport];
  return [consensus + move, consensus - move].find(fits) ?? consensus;
}
