// One page of a week's leaderboard from a rank index: the next N active totals in the chosen order and
// direction, ranked as they come (ties share a rank, 1, 2, 2, 4). The cursor is opaque to the caller: it
// carries where the page ended, the last row's points and rank, so a tie across pages keeps its rank.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import type { WeekScope } from './scope.ts';
import { type RankOrder, rankIndex, rankIndexPartition, type WeekTotalRow, weekTotalRowOf } from './week-totals.ts';

export type Direction = 'desc' | 'asc';

interface Cursor {
  /** The index key the page ended on. */
  key: Record<string, string>;
  /** The last row's points, rank and position (1 = first row of the order). */
  points: number;
  rank: number;
  position: number;
}

export const pointsIn = (order: RankOrder, row: Pick<WeekTotalRow, 'weekPoints' | 'ytd' | 'liveWeekPoints'>) =>
  order === 'week' ? row.weekPoints : order === 'ytd' ? row.ytd : row.liveWeekPoints;

const encode = (cursor: Cursor, order: RankOrder, direction: Direction) =>
  Buffer.from(JSON.stringify({ ...cursor, order, direction })).toString('base64url');

const badCursor = () => new ValidationError('The cursor is not valid', [{ field: 'cursor', message: 'not valid' }]);

/** The cursor back, refused unless it was made for this week, order and direction. */
function decode(text: string, scope: WeekScope, order: RankOrder, direction: Direction): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const cursor = parsed as Partial<Cursor & { order: string; direction: string }>;
  const index = rankIndex[order];
  const key = cursor?.key;
  const valid =
    cursor?.order === order &&
    cursor.direction === direction &&
    [cursor.points, cursor.rank, cursor.position].every(Number.isSafeInteger) &&
    !!key &&
    typeof key === 'object' &&
    Object.keys(key).length === 4 &&
    key[`${index}PK`] === rankIndexPartition(order, scope) &&
    [key.PK, key.SK, key[`${index}SK`]].every((value) => typeof value === 'string' && value.length <= 100);
  if (!valid) throw badCursor();
  return cursor as Cursor;
}

export interface RankedTotal extends WeekTotalRow {
  rank: number;
}

/** A page of the rank index, ranked, and the cursor of the next one (null on the last). */
export async function rankPage(
  deps: Deps,
  scope: WeekScope,
  options: { order: RankOrder; direction: Direction; limit: number; cursor?: string },
): Promise<{ rows: RankedTotal[]; nextCursor: string | null }> {
  const { order, direction, limit } = options;
  const after = options.cursor === undefined ? undefined : decode(options.cursor, scope, order, direction);
  const index = rankIndex[order];
  const page = await deps.db.send(
    new QueryCommand({
      TableName: deps.tables.views,
      IndexName: index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${index}PK` },
      ExpressionAttributeValues: { ':pk': rankIndexPartition(order, scope) },
      ScanIndexForward: direction === 'asc',
      Limit: limit,
      ExclusiveStartKey: after?.key,
    }),
  );
  let { points, rank, position } = after ?? { points: Number.NaN, rank: 0, position: 0 };
  const rows = (page.Items ?? [])
    .map((item) => weekTotalRowOf<WeekTotalRow>(item))
    .map((total) => {
      position += 1;
      if (pointsIn(order, total) !== points) rank = position;
      points = pointsIn(order, total);
      return { ...total, rank };
    });
  const key = page.LastEvaluatedKey as Record<string, string> | undefined;
  return { rows, nextCursor: key ? encode({ key, points, rank, position }, order, direction) : null };
}
