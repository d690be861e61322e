// The penalty fact: a player's missed-picks penalty of a client week, stamped with the week stream
// version that wrote it. It lives beside the player's slip cells.
import type { WeekEvent } from '#domain/scoring/close-week.ts';
import type { FactView } from './fact-view.ts';
import type { WeekScope } from './scope.ts';
import { factsPartition, playerPrefix } from './facts-partition.ts';

export interface PenaltyRow {
  userId: number;
  points: number;
  version: number;
}

export const penaltyKey = (scope: WeekScope, userId: number) => ({
  PK: factsPartition(scope),
  SK: `${playerPrefix(userId)}PENALTY`,
});

/** The penalty facts of one commit on a week's stream. */
export const penaltyItems = (scope: WeekScope, events: readonly WeekEvent[], version: number) =>
  events.flatMap((event) =>
    event.type === 'MissedPicksPenalized'
      ? [{ ...penaltyKey(scope, event.data.userId), userId: event.data.userId, points: event.data.points, version }]
      : [],
  );

/** The view: a week's commit penalizes its players. */
export const penaltiesView: FactView<'week', ReturnType<typeof penaltyItems>[number]> = {
  handles: 'week',
  evolve: ({ scope, events }, version) => penaltyItems(scope, events, version),
};
