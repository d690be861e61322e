// The DynamoDB document client every handler uses: an expression value given as undefined is a bug it names, rather
// than a value it drops silently and DynamoDB's puzzle ('ExpressionAttributeValues must not be empty'); and the items
// it reads and writes never reach the SDK's logger.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

  it("hands the SDK's logger none of the items it reads or writes", async () => {
    const logged: unknown[] = [];
    const log = (...entry: unknown[]) => void logged.push(entry);
    const item = { PK: { S: 'USER#7' }, SK: { S: 'PROFILE' }, email: { S: 'alex@example.com' } };
    const answering = documentClient(
      new DynamoDBClient({
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        logger: { debug: log, info: log, warn: log, error: log },
        requestHandler: {
          handle: async () => ({
            response: { statusCode: 200, headers: {}, body: new TextEncoder().encode(JSON.stringify({ Item: item })) },
          }),
        },
      }),
    );
    const read = await answering.send(
      new GetCommand({ TableName: 'pickem-state', Key: { PK: 'USER#7', SK: 'PROFILE' } }),
    );
    expect(read.Item?.email).toBe('alex@example.com');
    await answering.send(
      new PutCommand({ TableName: 'pickem-state', Item: { PK: 'USER#8', email: 'sam@example.com' } }),
    );
    expect(JSON.stringify(logged)).not.toMatch(/alex@example\.com|sam@example\.com/);
  });
});
