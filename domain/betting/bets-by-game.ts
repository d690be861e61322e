// The bets-by-game view (settlement reads a game's bets from it): the pure change each slip commit makes.
import type { SlipEvent, SlipId } from './slip.ts';

export interface GameBetRow {
  gameId: number;
  clientId: number;
  userId: number;
  sportId: number;
  weekId: number;
  betId: string;
  /** Slip version that last wrote the row; an older delivery never overwrites a newer one. */
  version: number;
  cancelled: boolean;
  teamId: number;
  points: number;
  line: number;
  isBonus: boolean;
}

export function parseSlipStreamId(streamId: string): SlipId | undefined {
  const match = /^slip#(\d+)#(\d+)#(\d+)#(\d+)$/.exec(streamId);
  if (!match) return undefined;
  const [clientId, userId, sportId, weekId] = match.slice(1).map(Number) as [number, number, number, number];
  return { clientId, userId, sportId, weekId };
}

/** The rows one commit leaves, latest per game; a cancel leaves a tombstone so replays stay ordered. */
export function gameBetRows(slip: SlipId, version: number, events: readonly SlipEvent[], previous: ReadonlyMap<number, GameBetRow>): GameBetRow[] {
  const rows = new Map(previous);
  for (const event of events) {
    const base = { ...slip, version, gameId: event.data.gameId, betId: event.data.betId };
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
