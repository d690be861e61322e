// Where a client week's facts live (functions/views/week-facts.ts): each player's slip cells and penalty
// share one partition under one player prefix.
import { viewsPartition } from './layout.ts';
import { pad, type WeekScope } from './scope.ts';

export const factsPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`CELLS#${clientId}#${sportId}#${weekId}`);
export const playerPrefix = (userId: number) => `${pad(userId)}#`;
