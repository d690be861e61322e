// Numeric ids from an atomic counter item per kind in the state table.
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';

export interface Ids {
  next(kind: string): Promise<number>;
  /** An unguessable token (password reset links). */
  secret(): string;
  correlation(): string;
}

export function counterIds(db: DynamoDBDocumentClient, stateTable: string): Ids {
  return {
    async next(kind) {
      const result = await db.send(
        new UpdateCommand({
          TableName: stateTable,
          Key: { PK: 'COUNTER', SK: kind },
          UpdateExpression: 'ADD #value :one',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return result.Attributes!.value as number;
    },
    secret: () => randomBytes(32).toString('base64url'),
    correlation: () => randomUUID(),
  };
}
