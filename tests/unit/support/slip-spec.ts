// The slip decider's specification as its tests share it: one NFL week's games (open, begun, finished, without a
// spread, on a bonus day, of another week), the context of a regular day in that week, and the events and
// commands the cases are written in.
import { type GameFacts, type SlipCommand, type SlipContext, type SlipEvent } from '#domain/betting/slip.ts';
import { slipDecider } from '#domain/betting/slip-decider.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { specFor } from '../../support/decider-spec.ts';

const now = new Date('2026-11-19T12:00:00Z');
const later = '2026-11-22T18:00:00Z';
const earlier = '2026-11-19T01:00:00Z';
const slip = { clientId: 2, userId: 7, sportId: 33, weekId: 20263309 };

const game = (id: number, overrides: Partial<GameFacts> = {}): GameFacts => ({
  id,
  sportId: 33,
  weekId: 20263309,
  status: GameStatus.Upcoming,
  beginning: later,
  homeTeamId: id * 10,
  awayTeamId: id * 10 + 1,
  homeLine: -3.5,
  onRegularDay: true,
  homeScore: null,
  awayScore: null,
  ...overrides,
});
const games = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, game(id)]));
games.set(7, game(7, { beginning: earlier }));
games.set(8, game(8, { homeLine: 0 }));
games.set(9, game(9, { homeLine: 0.0001 }));
games.set(10, game(10, { onRegularDay: false }));
games.set(11, game(11, { weekId: 20263310 }));
games.set(12, game(12, { status: GameStatus.Finished, beginning: later }));
games.set(13, game(13, { status: GameStatus.Undefined }));
games.set(20, game(20, { onRegularDay: false }));
games.set(21, game(21, { onRegularDay: false, homeLine: 2 }));
games.set(22, game(22, { onRegularDay: false, beginning: earlier }));
games.set(23, game(23, { onRegularDay: false, status: GameStatus.Canceled }));
games.set(30, game(30, { status: GameStatus.Finished, beginning: earlier, homeScore: 24, awayScore: 10 }));
games.set(31, game(31, { status: GameStatus.Finished, beginning: earlier, homeScore: 10, awayScore: 24 }));

const context: SlipContext = { slip, actorId: 7, now, weekIsCurrent: true, isBonusDay: false, games };
export const placed = (gameId: number, teamId: number, points: number, line = -3.5): SlipEvent => ({
  type: 'BetPlaced',
  data: {
    betId: `7-${gameId}`,
    gameId,
    teamId,
    points,
    line,
    isBonus: false,
    placedAt: '2026-11-18T12:00:00.000Z',
    actorId: 7,
  },
});
export const set = (...picks: [number, number, number, number?][]): SlipCommand => ({
  type: 'SetRegularPicks',
  picks: picks.map(([gameId, teamId, points, pointSpread]) => ({ gameId, teamId, points, pointSpread })),
});

export const { given } = specFor(slipDecider, context);

export const at = now.toISOString();
export const placedNow = (gameId: number, teamId: number, points: number, line: number, actorId = 7): SlipEvent => ({
  type: 'BetPlaced',
  data: { betId: `7-${gameId}`, gameId, teamId, points, line, isBonus: false, placedAt: at, actorId },
});
