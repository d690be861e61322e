import { gameClockText } from '#domain/catalogue/game-clock.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { DemoGame, DemoResult, SportKey } from './demo-types.ts';
import { expectedHomeMargin } from './matchup.ts';
import { normal, seededRandom, type Random } from './prng.ts';

const GAME_LENGTH_MS = 3 * 60 * 60 * 1000;
// Three hours of a game: four quarters of 40 minutes with a 20-minute halftime after the second.
const QUARTER_MS = 40 * 60 * 1000;
const HALFTIME_MS = 20 * 60 * 1000;
const QUARTER_MINUTES: Record<SportKey, number> = { NFL: 15, NBA: 12 };
const CANCEL_RATE = 1 / 60;
const NFL_OVERTIME_RATE = 0.85;

// Final scores that real football games produce often; raw draws snap to these.
const NFL_SCORES = [
  0, 3, 6, 7, 9, 10, 13, 14, 16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 33, 34, 35, 37, 38, 40, 41, 42,
  44, 45, 48, 51,
];

interface Score {
  homeScore: number;
  awayScore: number;
}

/**
 * The game's result as of `nowMs`, or null before kickoff. Canceled games report status 3 from
 * their kickoff on, so they are never shown live first.
 */
export function demoResult(game: DemoGame, nowMs: number): DemoResult | null {
  const startMs = Date.parse(game.beginning);
  if (nowMs < startMs) return null;
  if (isCanceled(game)) {
    return {
      gameId: game.id,
      status: GameStatus.Canceled,
      homeScore: null,
      awayScore: null,
      updatedAt: game.beginning,
    };
  }
  const final = finalScore(game);
  const endMs = startMs + GAME_LENGTH_MS;
  if (nowMs >= endMs) {
    return { gameId: game.id, status: GameStatus.Finished, ...final, updatedAt: new Date(endMs).toISOString() };
  }
  const progress = (nowMs - startMs) / GAME_LENGTH_MS;
  return {
    gameId: game.id,
    status: GameStatus.Live,
    ...partialScore(game.sport, final, progress),
    ...demoClock(game.sport, nowMs - startMs),
    updatedAt: game.beginning,
  };
}

/** The period and the clock `elapsedMs` after kickoff; the clock shows whole seconds left in the quarter. */
export function demoClock(sport: SportKey, elapsedMs: number): { period: number; clock: string } {
  if (elapsedMs >= 2 * QUARTER_MS && elapsedMs < 2 * QUARTER_MS + HALFTIME_MS) return { period: 2, clock: 'Halftime' };
  const played = elapsedMs < 2 * QUARTER_MS ? elapsedMs : elapsedMs - HALFTIME_MS;
  const period = Math.min(4, Math.floor(played / QUARTER_MS) + 1);
  const left = 1 - (played - (period - 1) * QUARTER_MS) / QUARTER_MS;
  const seconds = Math.max(0, Math.floor(left * QUARTER_MINUTES[sport] * 60));
  const shown = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return { period, clock: gameClockText(shown, period) };
}

function isCanceled(game: DemoGame): boolean {
  return seededRandom('cancel', game.sport, game.id)() < CANCEL_RATE;
}

function finalScore(game: DemoGame): Score {
  const random = seededRandom('score', game.sport, game.id);
  const margin = expectedHomeMargin(game);
  return game.sport === 'NFL' ? nflScore(margin, random) : nbaScore(margin, random);
}

function nflScore(margin: number, random: Random): Score {
  const draw = (edge: number) => nearestNflScore(22 + edge / 2 + normal(random) * 8);
  const homeScore = draw(margin);
  const awayScore = draw(-margin);
  if (homeScore !== awayScore || random() >= NFL_OVERTIME_RATE) return { homeScore, awayScore };
  const overtimeFieldGoal = homeScore + 3;
  return random() < 0.5 ? { homeScore: overtimeFieldGoal, awayScore } : { homeScore, awayScore: overtimeFieldGoal };
}

function nbaScore(margin: number, random: Random): Score {
  const draw = (edge: number) => clamp(Math.round(112 + edge / 2 + normal(random) * 11), 85, 140);
  const homeScore = draw(margin);
  const awayScore = draw(-margin);
  if (homeScore !== awayScore) return { homeScore, awayScore };
  // Basketball has no ties: settle it as if in overtime, staying inside the plausible range.
  const gap = 2 + Math.floor(random() * 7);
  const [winner, loser] = homeScore + gap <= 140 ? [homeScore + gap, homeScore] : [homeScore, homeScore - gap];
  return random() < 0.5 ? { homeScore: winner, awayScore: loser } : { homeScore: loser, awayScore: winner };
}

function partialScore(sport: SportKey, final: Score, progress: number): Score {
  const partial = (points: number) => {
    const sofar = Math.floor(points * progress);
    return sport === 'NFL' ? nflScoreAtMost(sofar) : sofar;
  };
  return { homeScore: partial(final.homeScore), awayScore: partial(final.awayScore) };
}

function nearestNflScore(raw: number): number {
  return NFL_SCORES.reduce((best, score) => (Math.abs(score - raw) < Math.abs(best - raw) ? score : best));
}

function nflScoreAtMost(points: number): number {
  return NFL_SCORES.filter((score) => score <= points).at(-1) ?? 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
