// Pick cells: a player's live picks of a week as the projection keeps them, one fact per slip
// (stream) stamped with the slip version that wrote it. The pure step from one commit's events.
import type { SlipEvent, SlipId } from '../betting/slip.ts';
import type { PickCell } from './week-scores.ts';

export function parseSlipStreamId(streamId: string): SlipId | undefined {
  const match = /^slip#(\d+)#(\d+)#(\d+)#(\d+)$/.exec(streamId);
  if (!match) return undefined;
  const [clientId, userId, sportId, weekId] = match.slice(1).map(Number) as [number, number, number, number];
  return { clientId, userId, sportId, weekId };
}

/** The live picks after a commit, in game order: placed and changed picks kept, cancelled ones gone. */
export function nextCells(
  previous: readonly PickCell[],
  events: readonly SlipEvent[],
  kickoffOf: (gameId: number) => string,
): PickCell[] {
  const cells = new Map(previous.map((cell) => [cell.gameId, cell]));
  for (const { type, data } of events) {
    const before = cells.get(data.gameId);
    if (type === 'BetPlaced') {
      cells.set(data.gameId, {
        gameId: data.gameId,
        teamId: data.teamId,
        line: data.line,
        points: data.points,
        isBonus: data.isBonus,
        beginning: kickoffOf(data.gameId),
      });
    } else if (type === 'BetChanged' && before) {
      cells.set(data.gameId, {
        ...before,
        teamId: data.teamId,
        points: data.points,
        line: data.line,
        beginning: kickoffOf(data.gameId),
      });
    } else if (type === 'BetCancelled') {
      cells.delete(data.gameId);
    }
  }
  return [...cells.values()].sort((a, b) => a.gameId - b.gameId);
}
