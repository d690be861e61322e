// A put on the condition that its key is free, which knows its own item (issue 59): a put whose answer was lost
// after it was done (a timeout) is sent again by the SDK, and the resent put finds the item the first one wrote. That
// refusal is our own success; only an item that is not ours holds the key against us.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

/**
 * Puts the item unless an item has its key. Answers undefined when the item there is ours (this put's, or an earlier
 * attempt's that `isOwn` recognises), else the item that holds the key. An item gone again between the refusal and
 * the read leaves the key free, and the put is made again.
 */
export async function putFirst(
  db: DynamoDBDocumentClient,
  tableName: string,
  item: { PK: unknown; SK: unknown } & Item,
  isOwn: (held: Item) => boolean,
): Promise<Item | undefined> {
  for (;;) {
    try {
      await db.send(
        new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
      );
      return undefined;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    const { Item: held } = await db.send(
      new GetCommand({ TableName: tableName, Key: { PK: item.PK, SK: item.SK }, ConsistentRead: true }),
    );
    if (held) return isOwn(held) ? undefined : held;
  }
}
