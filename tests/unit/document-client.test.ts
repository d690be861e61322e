// The DynamoDB document client every handler uses: an expression value given as undefined is a bug it names, rather
// than a value it drops silently and DynamoDB's puzzle ('ExpressionAttributeValues must not be empty').
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/deps.ts';

// Refused before anything is sent: the endpoint is never asked.
const db = documentClient(
  new DynamoDBClient({
    endpoint: 'http://127.0.0.1:9',
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  }),
);

describe('the document client', () => {
  it('refuses a condition whose only value is undefined, naming the command, the table and the value', async () => {
    const put = new PutCommand({
      TableName: 'pickem-state',
      Item: { PK: 'A', SK: 'B' },
      ConditionExpression: 'cell = :cell',
      ExpressionAttributeValues: { ':cell': undefined },
    });
    await expect(db.send(put)).rejects.toThrow(
      'PutItemCommand on pickem-state: the expression value(s) :cell are undefined',
    );
  });

  it('refuses an update with one undefined value among others', async () => {
    const update = new UpdateCommand({
      TableName: 'pickem-state',
      Key: { PK: 'A', SK: 'B' },
      UpdateExpression: 'SET a = :a, b = :b',
      ExpressionAttributeValues: { ':a': 1, ':b': undefined },
    });
    await expect(db.send(update)).rejects.toThrow('the expression value(s) :b are undefined');
  });
});
