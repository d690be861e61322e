// The week-clients index: which clients have bets in a sport's week, so a game result knows whose
// weeks to recompute.
import type { Deps } from '../adapters/deps.ts';
import { queryAll } from '../store/state-table.ts';
import type { FactView } from './fact-view.ts';
import { pad, type WeekScope } from './scope.ts';
import { viewsPartition } from './layout.ts';

const weekClientsPartition = (sportId: number, weekId: number) => viewsPartition(`WEEKCLIENTS#${sportId}#${weekId}`);

const weekClientKey = ({ clientId, sportId, weekId }: WeekScope) => ({
  PK: weekClientsPartition(sportId, weekId),
  SK: pad(clientId),
});

export const weekClientItem = (scope: WeekScope) => ({ ...weekClientKey(scope), clientId: scope.clientId });

/** The view: a slip's commit records its client in the week. */
export const weekClientsView: FactView<'slip', ReturnType<typeof weekClientItem>> = {
  handles: 'slip',
  evolve: ({ slip }) => [weekClientItem(slip)],
};

/** The ids of the clients with bets in a sport's week. */
export async function weekClients(deps: Deps, { sportId, weekId }: Pick<WeekScope, 'sportId' | 'weekId'>) {
  const rows = await queryAll<{ clientId: number }>(deps, weekClientsPartition(sportId, weekId), { table: 'views' });
  return rows.map((row) => row.clientId);
}
