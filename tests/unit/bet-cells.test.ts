import { describe, expect, it } from 'vitest';
import { cellChanges, parseSlipStreamId } from '../../domain/scoring/bet-cells.ts';
import type { SlipEvent } from '../../domain/betting/slip.ts';

const slip = { clientId: 2, userId: 7, sportId: 33, weekId: 20263309 };
const kickoff = () => '2026-11-22T18:00:00.000Z';
const placed: SlipEvent = { type: 'BetPlaced', data: { betId: '7-1', gameId: 1, teamId: 10, points: 20, line: -3.5, isBonus: false, placedAt: 'x', actorId: 7 } };

describe('bet cells', () => {
  it('reads the slip identity back from its stream id', () => {
    expect(parseSlipStreamId('slip#2#7#33#20263309')).toEqual(slip);
    expect(parseSlipStreamId('game#1')).toBeUndefined();
  });

  it('a placed bet becomes a row stamped with the commit version', () => {
    expect(cellChanges(slip, 1, [placed], new Map(), kickoff)).toEqual([
      { ...slip, gameId: 1, betId: '7-1', version: 1, cancelled: false, teamId: 10, points: 20, line: -3.5, isBonus: false, beginning: kickoff() },
    ]);
  });

  it('a change rewrites team, points and line of the row', () => {
    const [row] = cellChanges(slip, 1, [placed], new Map(), kickoff);
    const changed: SlipEvent = { type: 'BetChanged', data: { betId: '7-1', gameId: 1, teamId: 11, points: 10, line: 3.5, changedAt: 'y', actorId: 7 } };
    expect(cellChanges(slip, 2, [changed], new Map([[1, row!]]), kickoff)[0]).toMatchObject({ version: 2, teamId: 11, points: 10, line: 3.5, cancelled: false });
  });

  it('a cancel leaves a tombstone, so a late redelivery of the placing cannot bring the bet back', () => {
    const [row] = cellChanges(slip, 1, [placed], new Map(), kickoff);
    const cancelled: SlipEvent = { type: 'BetCancelled', data: { betId: '7-1', gameId: 1, cancelledAt: 'z', actorId: 7 } };
    expect(cellChanges(slip, 2, [cancelled], new Map([[1, row!]]), kickoff)[0]).toMatchObject({ version: 2, cancelled: true });
  });
});
