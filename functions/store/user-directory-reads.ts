// Reads of the users list's rows (user-directory.ts): a page in one order, a search by prefix, one user by id.
// Each reads in proportion to what it answers (a search at most a bounded number), never the client's whole directory.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { UserStatus } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, queryAll } from './state-table.ts';
import { type DirectoryRow, type ListOrder, normalized, userCounts } from './user-directory.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export interface ListFilter {
  roleId?: number;
  active?: UserStatus;
}

const searchedFields = ['login', 'displayName', 'firstName', 'middleName', 'lastName', 'emailAddress'] as const;

/** Whether a field of the row starts with the search (in any case). */
export const matchesSearch = (row: DirectoryRow, search: string) =>
  searchedFields.some((field) => normalized(row[field]).startsWith(normalized(search)));

export const passesFilter = (row: DirectoryRow, filter: ListFilter) =>
  !row.deleted &&
  (filter.roleId === undefined || row.roleId === filter.roleId) &&
  (filter.active === undefined || row.status === filter.active);

function filterCondition(filter: ListFilter) {
  const parts: string[] = [];
  const values: Record<string, number> = {};
  if (filter.roleId !== undefined) {
    parts.push('#row.roleId = :roleId');
    values[':roleId'] = filter.roleId;
  }
  if (filter.active !== undefined) {
    parts.push('#row.#status = :status');
    values[':status'] = filter.active;
  }
  if (!parts.length) return {};
  return {
    FilterExpression: parts.join(' AND '),
    ExpressionAttributeNames: { '#row': 'row', ...(filter.active === undefined ? {} : { '#status': 'status' }) },
    ExpressionAttributeValues: values,
  };
}

/**
 * The listed users from `offset` to `offset + limit` in the order. Without a filter it reads exactly those rows
 * and the ones before them; a filter also reads the rows it passes over.
 */
export async function directoryPage(
  deps: Store,
  clientId: number,
  order: ListOrder,
  filter: ListFilter,
  offset: number,
  limit: number,
): Promise<DirectoryRow[]> {
  const condition = filterCondition(filter);
  const rows: DirectoryRow[] = [];
  let scanned = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const wanted = offset + limit - rows.length;
    // After a filter passed over rows, read on by the share it kept so far, so a rare role takes few round trips.
    const step = scanned ? Math.min(1000, Math.ceil((wanted * scanned) / Math.max(rows.length, 1))) : wanted;
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tables.state,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ...condition,
        ExpressionAttributeValues: {
          ':pk': keys.userListOrder(clientId, order),
          ...condition.ExpressionAttributeValues,
        },
        Limit: step,
        ExclusiveStartKey,
      }),
    );
    scanned += page.ScannedCount ?? 0;
    rows.push(...(page.Items ?? []).map((item) => item.row as DirectoryRow));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && rows.length < offset + limit);
  return rows.slice(offset, offset + limit);
}

/** How many listed users pass the filter, from the counts item. */
export async function countListed(deps: Store, clientId: number, filter: ListFilter): Promise<number> {
  const counts = await userCounts(deps, clientId);
  return Object.entries(counts)
    .filter(([cell]) => {
      const [, roleId, status] = /^r(\d+)s(\d+)$/.exec(cell)!.map(Number);
      return passesFilter({ roleId, status } as DirectoryRow, filter);
    })
    .reduce((sum, [, count]) => sum + count, 0);
}

/**
 * How many users a search reads by each searched field, at most: a search of a letter or two matches a good part of
 * a large client, and reading all of it would cost in proportion to the client, not the page.
 */
export const searchReadsPerField = 200;

/**
 * The listed users a field of whom starts with the search: a prefix query per searched field, each of at most
 * `searchReadsPerField` users (in that field's order); `more` when a field matched more than that.
 */
export async function searchDirectory(
  deps: Store,
  clientId: number,
  search: string,
): Promise<{ rows: DirectoryRow[]; more: boolean }> {
  const prefix = normalized(search);
  const found = await Promise.all(
    searchedFields.map((field) =>
      queryAll<{ row: DirectoryRow }>(deps, keys.userListOrder(clientId, field), {
        index: 'GSI1',
        skPrefix: prefix,
        limit: searchReadsPerField + 1,
      }),
    ),
  );
  const rows = found.flatMap((byField) => byField.slice(0, searchReadsPerField)).map(({ row }) => row);
  return {
    rows: [...new Map(rows.map((row) => [row.id, row])).values()],
    more: found.some((byField) => byField.length > searchReadsPerField),
  };
}

/** One user's row by id, deleted ones too. */
export async function directoryRowOf(deps: Store, clientId: number, userId: number) {
  return (await getItem<{ row: DirectoryRow }>(deps, keys.userListRow(clientId, 'id', userId)))?.row;
}
