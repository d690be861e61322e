// Where a player's week total is stored (views/week-totals.ts): one partition per client week.
import { viewsPartition } from './layout.ts';
import { pad, type WeekScope } from './scope.ts';

export const totalsPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`TOTALS#${clientId}#${sportId}#${weekId}`);

export const totalKey = (scope: WeekScope, userId: number) => ({ PK: totalsPartition(scope), SK: pad(userId) });
