// The client's active players (users whose role may set bets) in display-name order, read from the users list's
// rows a hundred at a time: who has not picked, and who is mailed an announcement, walk the client this way, so a
// step costs the rows it passes over, never the size of the client.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Permission } from '#domain/auth/permissions.ts';
import { UserStatus } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { listClientRoles } from './roles.ts';
import type { DirectoryRow } from './user-directory.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

const order = 'displayName';
/** Directory rows read per round trip. */
const chunk = 100;

/** The roles of the client (its own and the System Roles) whose holders hold the permission (set bets: players). */
export async function roleIdsHolding(deps: Store, clientId: number, permission: Permission = Permission.SetBets) {
  return (await listClientRoles(deps, clientId))
    .filter((role) => role.permissions.includes(permission))
    .map((role) => role.id);
}

/** A row's place in the order and its user: where a walk stopped, and where the next step starts after. */
export interface Place {
  at: string;
  id: number;
}

interface ListedItem {
  SK: string;
  GSI1SK: string;
  row: DirectoryRow;
}

const placeOf = (key: Pick<ListedItem, 'SK' | 'GSI1SK'>): Place => ({
  at: key.GSI1SK,
  id: Number(key.SK.split('#').pop()),
});

const startKey = (clientId: number, { at, id }: Place) => ({
  ...keys.userListRow(clientId, order, id),
  GSI1PK: keys.userListOrder(clientId, order),
  GSI1SK: at,
});

export interface PlayersStep {
  players: { row: DirectoryRow; place: Place }[];
  /** How many rows the step passed over, players or not. */
  scanned: number;
  /** Where the next step starts after; absent at the end. */
  next?: Place;
}

/** The active players among the next hundred rows after `after` (from the start when absent). */
export async function activePlayersStep(
  deps: Store,
  clientId: number,
  roleIds: readonly number[],
  after?: Place,
): Promise<PlayersStep> {
  if (!roleIds.length) return { players: [], scanned: 0 };
  const page = await deps.db.send(
    new QueryCommand({
      TableName: deps.tables.state,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: '#row.#status = :active',
      ExpressionAttributeNames: { '#row': 'row', '#status': 'status' },
      ExpressionAttributeValues: { ':pk': keys.userListOrder(clientId, order), ':active': UserStatus.Active },
      Limit: chunk,
      ExclusiveStartKey: after && startKey(clientId, after),
    }),
  );
  // The roles are told here, not in the filter: DynamoDB takes at most 100 values in an IN list, a client any roles.
  const betting = new Set(roleIds);
  return {
    players: ((page.Items ?? []) as ListedItem[])
      .filter((item) => betting.has(item.row.roleId))
      .map((item) => ({ row: item.row, place: placeOf(item) })),
    scanned: page.ScannedCount ?? 0,
    next: page.LastEvaluatedKey && placeOf(page.LastEvaluatedKey as unknown as ListedItem),
  };
}

/** Every active player of the client, a step's rows at a time. */
export async function* eachActivePlayers(deps: Store, clientId: number): AsyncGenerator<DirectoryRow[]> {
  const roleIds = await roleIdsHolding(deps, clientId);
  let after: Place | undefined;
  do {
    const step = await activePlayersStep(deps, clientId, roleIds, after);
    if (step.players.length) yield step.players.map(({ row }) => row);
    after = step.next;
  } while (after);
}
