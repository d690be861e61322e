// The slip cells fact: a player's live bets of a week with each game's kickoff, one item per slip,
// stamped with the slip version that wrote it, so an older or replayed commit never overwrites it.
import type { SlipEvent, SlipId } from '#domain/betting/slip.ts';
import { nextCells } from '#domain/scoring/pick-cells.ts';
import type { PickCell } from '#domain/scoring/week-scores.ts';
import type { FactView } from './fact-view.ts';
import type { WeekScope } from './scope.ts';
import { factsPartition, playerPrefix } from './facts-partition.ts';

export interface SlipCellsRow {
  userId: number;
  cells: PickCell[];
  version: number;
}

export const slipCellsKey = (scope: WeekScope, userId: number) => ({
  PK: factsPartition(scope),
  SK: `${playerPrefix(userId)}SLIP`,
});

/** The slip's fact at `version`: the cells it had before (none before its first commit) stepped through the events since. */
export function slipCellsItem(
  slip: SlipId,
  previous: readonly PickCell[],
  events: readonly SlipEvent[],
  version: number,
  kickoffOf: (gameId: number) => string,
) {
  return {
    ...slipCellsKey(slip, slip.userId),
    userId: slip.userId,
    cells: nextCells(previous, events, kickoffOf),
    version,
  };
}

/** The view: one item per slip, its commit's events stepped from the cells before. */
export const slipCellsView: FactView<'slip', ReturnType<typeof slipCellsItem>> = {
  handles: 'slip',
  evolve: ({ slip, events }, version, { previous, kickoffOf }) => [
    slipCellsItem(slip, previous(slipCellsKey(slip, slip.userId))?.cells ?? [], events, version, kickoffOf),
  ],
};
