// The IAM authorizations the artifact lane's proxy evaluates for DynamoDB's batches and transactions: one per table of
// a batch, one per item of a transaction (infra/artifact-lane/aws-requests/dynamodb.ts), for the requests a real SDK
// client signs (tests/unit/support/signed-aws-requests.ts).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  TransactGetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { authorized, config, names, table } from './support/signed-aws-requests.ts';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient(config));

describe('DynamoDB', () => {
  it('checks BatchGetItem once per table, with the partition of every key of that table', async () => {
    const requests = await authorized(() =>
      documents.send(
        new BatchGetCommand({
          RequestItems: {
            [names.state]: {
              Keys: [
                { PK: 'STAMP#1', SK: 'A' },
                { PK: 'CLIENT#1', SK: 'B' },
                { PK: 'STAMP#1', SK: 'C' },
              ],
              ConsistentRead: true,
            },
            [names.views]: { Keys: [{ PK: 'WEEK#1', SK: 'X' }] },
          },
        }),
      ),
    );
    expect(requests).toEqual([
      {
        action: 'dynamodb:BatchGetItem',
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['STAMP#1', 'CLIENT#1'] },
      },
      {
        action: 'dynamodb:BatchGetItem',
        resource: table(names.views),
        context: { 'dynamodb:LeadingKeys': ['WEEK#1'] },
      },
    ]);
  });

  it('checks BatchWriteItem once per table, with the partitions of its puts and deletes', async () => {
    const requests = await authorized(() =>
      documents.send(
        new BatchWriteCommand({
          RequestItems: {
            [names.views]: [
              { PutRequest: { Item: { PK: 'WEEK#1', SK: 'A', points: 3 } } },
              { DeleteRequest: { Key: { PK: 'WEEK#2', SK: 'B' } } },
            ],
          },
        }),
      ),
    );
    expect(requests).toEqual([
      {
        action: 'dynamodb:BatchWriteItem',
        resource: table(names.views),
        context: { 'dynamodb:LeadingKeys': ['WEEK#1', 'WEEK#2'] },
      },
    ]);
  });

  it('checks each item of a TransactWriteItems across two tables as its own Put, Update, Delete or ConditionCheck', async () => {
    const requests = await authorized(() =>
      documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: names.state,
                Key: { PK: 'CLIENT#1', SK: 'A' },
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            { Put: { TableName: names.events, Item: { PK: 'slip#1', SK: 2 } } },
            {
              Update: {
                TableName: names.state,
                Key: { PK: 'STAMP#1', SK: 'W' },
                UpdateExpression: 'ADD v :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            { Delete: { TableName: names.views, Key: { PK: 'WEEK#1', SK: 'X' } } },
          ],
        }),
      ),
    );
    const enclosing = { 'dynamodb:EnclosingOperation': 'TransactWriteItems' };
    expect(requests).toEqual([
      {
        action: 'dynamodb:ConditionCheckItem',
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['CLIENT#1'], ...enclosing },
      },
      {
        action: 'dynamodb:PutItem',
        resource: table(names.events),
        context: { 'dynamodb:LeadingKeys': ['slip#1'], ...enclosing },
      },
      {
        action: 'dynamodb:UpdateItem',
        resource: table(names.state),
        context: { 'dynamodb:LeadingKeys': ['STAMP#1'], ...enclosing },
      },
      {
        action: 'dynamodb:DeleteItem',
        resource: table(names.views),
        context: { 'dynamodb:LeadingKeys': ['WEEK#1'], ...enclosing },
      },
    ]);
  });

  it('checks each item of a TransactGetItems as a GetItem', async () => {
    const requests = await authorized(() =>
      documents.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName: names.state, Key: { PK: 'CLIENT#1', SK: 'A' } } },
            { Get: { TableName: names.views, Key: { PK: 'WEEK#1', SK: 'B' } } },
          ],
        }),
      ),
    );
    expect(
      requests.map(({ action, resource, context }) => [action, resource, context['dynamodb:LeadingKeys']]),
    ).toEqual([
      ['dynamodb:GetItem', table(names.state), ['CLIENT#1']],
      ['dynamodb:GetItem', table(names.views), ['WEEK#1']],
    ]);
  });
});
