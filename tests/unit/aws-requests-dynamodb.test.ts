// The IAM authorizations the artifact lane's proxy evaluates for DynamoDB's single-item operations, queries and scans
// (infra/artifact-lane/aws-requests/dynamodb.ts), for the requests a real SDK client signs
// (tests/unit/support/signed-aws-requests.ts).
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { authorized, config, names, table } from './support/signed-aws-requests.ts';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient(config));

describe('DynamoDB', () => {
  it('checks a single-item operation on the table, with the partition key of its Key or Item as LeadingKeys', async () => {
    const key = { PK: 'CLIENT#7', SK: 'USER#1' };
    const sends = [
      () => documents.send(new GetCommand({ TableName: names.state, Key: key, ConsistentRead: true })),
      () => documents.send(new PutCommand({ TableName: names.state, Item: { ...key, name: 'Ann' } })),
      () =>
        documents.send(
          new UpdateCommand({
            TableName: names.state,
            Key: key,
            UpdateExpression: 'SET #n = :n',
            ExpressionAttributeNames: { '#n': 'name' },
            ExpressionAttributeValues: { ':n': 'Bea' },
          }),
        ),
      () => documents.send(new DeleteCommand({ TableName: names.state, Key: key })),
    ];
    const actions = [];
    for (const send of sends) actions.push(...(await authorized(send)));
    expect(actions).toEqual(
      ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'].map((action) => ({
        action: `dynamodb:${action}`,
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['CLIENT#7'] },
      })),
    );
  });

  it('reads a number partition key as its digits', async () => {
    const [put] = await authorized(() =>
      documents.send(new PutCommand({ TableName: names.events, Item: { PK: 'slip#4', SK: 12 } })),
    );
    expect(put?.context).toEqual({ 'dynamodb:LeadingKeys': ['slip#4'] });
  });

  it('checks a Query on the table with the partition its key condition names, through attribute names', async () => {
    const requests = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.state,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
          ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK' },
          ExpressionAttributeValues: { ':pk': 'CLIENT#7', ':sk': 'USER#' },
        }),
      ),
    );
    expect(requests).toEqual([
      { action: 'dynamodb:Query', resource: table(names.state), context: { 'dynamodb:LeadingKeys': ['CLIENT#7'] } },
    ]);
  });

  it('takes the partition key equality of a Query, not a sort key range or comparison', async () => {
    const [between] = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.state,
          KeyConditionExpression: 'SK BETWEEN :first AND :last AND PK = :pk',
          ExpressionAttributeValues: { ':pk': 'ANNOUNCEMENTS', ':first': 'A', ':last': 'B' },
        }),
      ),
    );
    const [atLeast] = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.state,
          KeyConditionExpression: ':pk = PK AND SK >= :from',
          ExpressionAttributeValues: { ':pk': 'CLIENT#3', ':from': 'X' },
        }),
      ),
    );
    expect([between?.context, atLeast?.context]).toEqual([
      { 'dynamodb:LeadingKeys': ['ANNOUNCEMENTS'] },
      { 'dynamodb:LeadingKeys': ['CLIENT#3'] },
    ]);
  });

  it("checks a Query on an index on the index's ARN, with the index's partition key value as LeadingKeys", async () => {
    const requests = await authorized(() =>
      documents.send(
        new QueryCommand({
          TableName: names.views,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :week',
          ExpressionAttributeValues: { ':week': 'WEEK#2026#3' },
        }),
      ),
    );
    expect(requests).toEqual([
      {
        action: 'dynamodb:Query',
        resource: `${table(names.views)}/index/GSI2`,
        context: { 'dynamodb:LeadingKeys': ['WEEK#2026#3'] },
      },
    ]);
  });

  it('refuses a Query whose key condition names no partition', async () => {
    await expect(
      authorized(() =>
        documents.send(
          new QueryCommand({
            TableName: names.state,
            KeyConditionExpression: 'SK = :sk',
            ExpressionAttributeValues: { ':sk': 'X' },
          }),
        ),
      ),
    ).rejects.toThrow(/partition key PK/);
  });

  it('checks a Scan on the table or index it reads, with no LeadingKeys', async () => {
    const [onTable] = await authorized(() => documents.send(new ScanCommand({ TableName: names.events })));
    const [onIndex] = await authorized(() =>
      documents.send(new ScanCommand({ TableName: names.views, IndexName: 'GSI4' })),
    );
    expect([onTable, onIndex]).toEqual([
      { action: 'dynamodb:Scan', resource: table(names.events), context: {} },
      { action: 'dynamodb:Scan', resource: `${table(names.views)}/index/GSI4`, context: {} },
    ]);
  });

  it('refuses an operation it does not know, and a table whose keys it does not know', async () => {
    await expect(
      authorized(() =>
        new DynamoDBClient(config).send(
          new CreateTableCommand({
            TableName: 'x',
            KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
            AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
            BillingMode: 'PAY_PER_REQUEST',
          }),
        ),
      ),
    ).rejects.toThrow(/dynamodb CreateTable/);
    await expect(
      authorized(() => documents.send(new GetCommand({ TableName: 'elsewhere', Key: { PK: 'A', SK: 'B' } }))),
    ).rejects.toThrow(/key schema of table elsewhere/);
  });
});
