// Creates the tables of functions/store/tables.ts that do not exist yet.
import { CreateTableCommand, type DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { type TableNames, tables } from '../../functions/store/tables.ts';

export async function createMissingTables(client: DynamoDBClient, names: TableNames): Promise<string[]> {
  const { TableNames: existing = [] } = await client.send(new ListTablesCommand({}));
  const created: string[] = [];
  for (const table of tables) {
    const name = names[table.id];
    if (existing.includes(name)) continue;
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
