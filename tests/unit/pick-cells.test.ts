import { describe, expect, it } from 'vitest';
import { nextCells, parseSlipStreamId } from '#domain/scoring/pick-cells.ts';
import type { SlipEvent } from '#domain/betting/slip.ts';

const slip = { clientId: 2, userId: 7, sportId: 33, weekId: 20263309 };
const kickoff = (gameId: number) => `2026-11-22T1${gameId}:00:00.000Z`;
const placed = (gameId: number, points = 20): SlipEvent => ({
  type: 'BetPlaced',
  data: {
    betId: `7-${gameId}`,
    gameId,
    teamId: gameId * 10,
    points,
    line: -3.5,
    isBonus: false,
    placedAt: 'x',
    actorId: 7,
  },
});
const changed: SlipEvent = {
  type: 'BetChanged',
  data: { betId: '7-1', gameId: 1, teamId: 11, points: 10, line: 3.5, changedAt: 'y', actorId: 7 },
};
const cancelled: SlipEvent = { type: 'BetCancelled', data: { betId: '7-1', gameId: 1, cancelledAt: 'z', actorId: 7 } };

describe('pick cells', () => {
  it('reads the slip identity back from its stream id', () => {
    expect(parseSlipStreamId('slip#2#7#33#20263309')).toEqual(slip);
    expect(parseSlipStreamId('game#1')).toBeUndefined();
  });

  it('a placed bet becomes a cell with its game kickoff', () => {
    expect(nextCells([], [placed(1)], kickoff)).toEqual([
      { gameId: 1, teamId: 10, points: 20, line: -3.5, isBonus: false, beginning: kickoff(1) },
    ]);
  });

  it('a change rewrites team, points and line, and takes the kickoff as it now stands (as a replay would)', () => {
    const cells = nextCells([], [placed(1)], kickoff);
    const moved = () => '2026-11-23T01:00:00.000Z';
    expect(nextCells(cells, [changed], moved)).toEqual([
      { gameId: 1, teamId: 11, points: 10, line: 3.5, isBonus: false, beginning: moved() },
    ]);
  });

  it('a cancelled bet leaves the cells; the others stay, in game order', () => {
    const cells = nextCells([], [placed(3, 5), placed(1), placed(2, 10)], kickoff);
    expect(nextCells(cells, [cancelled], kickoff).map((cell) => cell.gameId)).toEqual([2, 3]);
  });

  it('one commit folds in order: placed, changed and cancelled in the same commit leaves nothing', () => {
    expect(nextCells([], [placed(1), changed, cancelled], kickoff)).toEqual([]);
  });
});
