// One page of a week's leaderboard from a rank index: the next N active totals in the chosen order and
// direction, ranked as they come (ties share a rank, 1, 2, 2, 4). The cursor is opaque to the caller: it
// carries where the page ended (the last row's player and points, from which the index key is rebuilt in the
// caller's partition) and the last row's rank and position, so a tie across pages keeps its rank.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Deps } from '../adapters/deps.ts';
import { decodeCursor, encodeCursor } from '../store/page-cursor.ts';
import { scoreKey, type WeekScope } from './scope.ts';
import { totalKey } from './total-key.ts';
import { type RankOrder, rankIndex, rankIndexPartition, type WeekTotalRow, weekTotalRowOf } from './week-totals.ts';

export type Direction = 'desc' | 'asc';

const count = z.int().check(z.nonnegative());

/** A cursor of this week, order and direction (the index partition names the first two); anything else is 400. */
const cursorOf = (partition: string, direction: Direction) =>
  z.object({
    partition: z.literal(partition),
    direction: z.literal(direction),
    /** The last row's player and points: the index key the page ended on. */
    userId: z.int().check(z.positive()),
    points: z.int(),
    /** The last row's rank and position (1 = first row of the order). */
    rank: count,
    position: count,
  });

type Cursor = z.infer<ReturnType<typeof cursorOf>>;

export const pointsIn = (order: RankOrder, row: Pick<WeekTotalRow, 'weekPoints' | 'ytd' | 'liveWeekPoints'>) =>
  order === 'week' ? row.weekPoints : order === 'ytd' ? row.ytd : row.liveWeekPoints;

/** The index key of a total of the week, as the projector wrote it (views/week-totals.ts). */
const indexKey = (scope: WeekScope, order: RankOrder, { userId, points }: Pick<Cursor, 'userId' | 'points'>) => ({
  ...totalKey(scope, userId),
  [`${rankIndex[order]}PK`]: rankIndexPartition(order, scope),
  [`${rankIndex[order]}SK`]: scoreKey(points, userId),
});

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
  const partition = rankIndexPartition(order, scope);
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor, cursorOf(partition, direction));
  const index = rankIndex[order];
  const page = await deps.db.send(
    new QueryCommand({
      TableName: deps.tables.views,
      IndexName: index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${index}PK` },
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: direction === 'asc',
      Limit: limit,
      ExclusiveStartKey: after && indexKey(scope, order, after),
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
  const last = rows.at(-1);
  const next: Cursor | undefined =
    page.LastEvaluatedKey && last ? { partition, direction, userId: last.userId, points, rank, position } : undefined;
  return { rows, nextCursor: next ? encodeCursor(next) : null };
}
