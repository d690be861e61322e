// Bet cells: each bet of a slip as its latest commit left it, the input of the week-scores fold.
// The pure change each slip commit makes to them.
import type { SlipEvent, SlipId } from '../betting/slip.ts';
import type { BetCell } from './week-scores.ts';

export interface CellRow extends BetCell {
  clientId: number;
  sportId: number;
  weekId: number;
  betId: string;
  /** Slip version that last wrote the cell; an older delivery never overwrites a newer one. */
  version: number;
}

export function parseSlipStreamId(streamId: string): SlipId | undefined {
  const match = /^slip#(\d+)#(\d+)#(\d+)#(\d+)$/.exec(streamId);
  if (!match) return undefined;
  const [clientId, userId, sportId, weekId] = match.slice(1).map(Number) as [number, number, number, number];
  return { clientId, userId, sportId, weekId };
}

/** The cells one commit leaves, latest per game; a cancel leaves a tombstone so replays stay ordered. */
export function cellChanges(
  slip: SlipId,
  version: number,
  events: readonly SlipEvent[],
  previous: ReadonlyMap<number, CellRow>,
  kickoffOf: (gameId: number) => string,
): CellRow[] {
  const rows = new Map(previous);
  for (const event of events) {
    const base = { ...slip, version, gameId: event.data.gameId, betId: event.data.betId, beginning: kickoffOf(event.data.gameId) };
    const before = rows.get(event.data.gameId);
    if (event.type === 'BetPlaced') {
      const { teamId, points, line, isBonus } = event.data;
      rows.set(base.gameId, { ...base, cancelled: false, teamId, points, line, isBonus });
    } else if (event.type === 'BetChanged' && before) {
      rows.set(base.gameId, { ...before, ...base, teamId: event.data.teamId, points: event.data.points, line: event.data.line });
    } else if (event.type === 'BetCancelled' && before) {
      rows.set(base.gameId, { ...before, ...base, cancelled: true });
    }
  }
  return [...rows.values()].filter((row) => row.version === version);
}
