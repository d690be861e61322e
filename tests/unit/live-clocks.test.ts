// A live page shows each game's clock from its week's live version, which moves without a new version (a clock
// alone does not make every viewer read their views again).
import { describe, expect, it } from 'vitest';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { withLiveClocks } from '@/lib/live';

const row = (gameId: number, eventStatus: number, gameClock?: string) =>
  ({ gameId, eventStatus, ...(gameClock && { gameClock }) }) as BetRow;
const answer = {
  week: 12,
  data: [row(1, GameStatus.Live, '8:17 - 3rd'), row(2, GameStatus.Live, 'Halftime'), row(3, GameStatus.Upcoming)],
};

describe('clocks of the games under way', () => {
  it("puts the live version's clock on each game under way, leaving the others", () => {
    const shown = withLiveClocks(answer, [{ gameId: 1, gameClock: '6:05 - 3rd' }]);
    expect(shown?.data.map((each) => each.gameClock)).toEqual(['6:05 - 3rd', 'Halftime', undefined]);
    expect(shown?.week).toBe(12);
  });

  it('never puts a clock on a game the view says is not under way (a result read after the version)', () => {
    const over = { data: [row(1, GameStatus.Finished)] };
    expect(withLiveClocks(over, [{ gameId: 1, gameClock: '0:12 - 4th' }])).toBe(over);
  });

  it('answers the same object when no clock moved, so the page does not render again', () => {
    expect(withLiveClocks(answer, [{ gameId: 1, gameClock: '8:17 - 3rd' }])).toBe(answer);
    expect(withLiveClocks(answer, undefined)).toBe(answer);
    expect(withLiveClocks(undefined, [{ gameId: 1, gameClock: 'x' }])).toBeUndefined();
  });
});
