// Creates the tables of functions/store/tables.ts that do not exist yet. The views table holds only
// projections, so one missing an index of its definition is dropped and made anew (the layout check
// then rebuilds it from the events).
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
} from '@aws-sdk/client-dynamodb';
import { type TableDefinition, type TableNames, tables } from '../../functions/store/tables.ts';

async function lacksAnIndex(client: DynamoDBClient, name: string, table: TableDefinition) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  return table.indexes.some((index) => !present.has(index.indexName));
}

export async function createMissingTables(client: DynamoDBClient, names: TableNames): Promise<string[]> {
  const { TableNames: existing = [] } = await client.send(new ListTablesCommand({}));
  const created: string[] = [];
  for (const table of tables) {
    const name = names[table.id];
    if (existing.includes(name)) {
      if (table.id !== 'views' || !(await lacksAnIndex(client, name, table))) continue;
      await client.send(new DeleteTableCommand({ TableName: name }));
    }
    const keyAttributes = [
      table.partitionKey,
      table.sortKey,
      ...table.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ];
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          ...new Map(
            keyAttributes.map((key) => [key.name, { AttributeName: key.name, AttributeType: key.type }]),
          ).values(),
        ],
        KeySchema: [
          { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: table.indexes.length
          ? table.indexes.map((index) => ({
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
                { AttributeName: index.sortKey.name, KeyType: 'RANGE' as const },
              ],
              Projection: { ProjectionType: 'ALL' as const },
            }))
          : undefined,
      }),
    );
    created.push(name);
  }
  return created;
}
