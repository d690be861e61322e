// Facts (slip cells, outcomes, penalties) carry the stream version that wrote them: a write lands only over an
// older version, so a redelivered or replayed commit changes nothing.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';

/** Writes a fact unless a newer or equal version of it is already there; true when it wrote. */
export async function putFact(
  deps: Pick<Deps, 'db' | 'tables'>,
  item: { PK: string; SK: string; version: number } & Record<string, unknown>,
): Promise<boolean> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.views,
        Item: item,
        ConditionExpression: 'attribute_not_exists(PK) OR version < :version',
        ExpressionAttributeValues: { ':version': item.version },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
