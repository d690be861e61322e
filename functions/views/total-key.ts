// Where a player's week total is stored (views/week-totals.ts): one partition per client week.
import { viewsPartition } from './layout.ts';
import { pad, type WeekScope } from './scope.ts';

const totals = 'TOTALS#';

export const totalsPartition = ({ clientId, sportId, weekId }: WeekScope) =>
  viewsPartition(`${totals}${clientId}#${sportId}#${weekId}`);

/** Every client week's totals partition, as an IAM pattern (a rename's grant, infra/aws/partition-grants.ts). */
export const anyTotalsPartition = viewsPartition(`${totals}*`);

export const totalKey = (scope: WeekScope, userId: number) => ({ PK: totalsPartition(scope), SK: pad(userId) });
