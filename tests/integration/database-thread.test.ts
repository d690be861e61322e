// The local stack's database runs on a thread of its own (infra/local/dynalite-server.ts). Its commit tap is the
// local DynamoDB stream: the projector sees exactly what the events table accepted, and `settled()` may rely on
// flush() to have every item committed before it. The stack's own clients reach it over the thread's port, other
// processes over its socket: one database either way.
import { type AttributeValue, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMissingTables } from '../../infra/local/bootstrap-tables.ts';
import { startDynalite } from '../../infra/local/dynalite-server.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { testFolder } from '../support/global-setup.ts';

const names = localTableNames();
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

async function database(path?: string) {
  const committed: string[] = [];
  const running = await startDynalite({
    path,
    eventsTable: names.events,
    onCommit: (image) => committed.push(`${image.PK?.S}:${image.SK?.N}`),
  });
  const clientOver = (transport: 'port' | 'socket') =>
    new DynamoDBClient({
      endpoint: running.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      ...(transport === 'port' && { requestHandler: running.requestHandler }),
    });
  const client = clientOver('socket');
  await createMissingTables(client, names);
  return { running, client, clientOver, committed };
}

/** A commit as the event store appends one: refused when that version of the stream exists. */
const append = (client: DynamoDBClient, table: string, stream: string, version: number) =>
  client.send(
    new PutItemCommand({
      TableName: table,
      Item: { PK: { S: stream }, SK: { N: String(version) }, events: { L: [] } } as Record<string, AttributeValue>,
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );

describe('the database thread', () => {
  it('hands the stream every item the events table committed, and none it refused or another table kept', async () => {
    const { running, client, committed } = await database();
    await Promise.all(
      Array.from({ length: 40 }, (_, index) => append(client, names.events, `slip#${index % 4}`, index)),
    );
    await expect(append(client, names.events, 'slip#0', 0)).rejects.toThrow(/conditional/i);
    await client.send(
      new PutItemCommand({ TableName: names.state, Item: { PK: { S: 'USER#1' }, SK: { S: 'PROFILE' } } }),
    );
    await running.flush();
    expect(committed).toHaveLength(40);
    expect(new Set(committed)).toEqual(new Set(Array.from({ length: 40 }, (_, index) => `slip#${index % 4}:${index}`)));
    client.destroy();
    await running.close();
  });

  it('closes its LevelDB folder on close, so the same process opens it again with what was written', async () => {
    const folder = testFolder('pickem-database-thread-');
    folders.push(folder);
    const first = await database(folder);
    await append(first.client, names.events, 'game#1', 1);
    first.client.destroy();
    await first.running.close();

    const second = await database(folder);
    await expect(append(second.client, names.events, 'game#1', 1)).rejects.toThrow(/conditional/i);
    await append(second.client, names.events, 'game#1', 2);
    await second.running.flush();
    expect(second.committed).toEqual(['game#1:2']);
    second.client.destroy();
    await second.running.close();
  });

  it('starts the next database of the process empty, on the thread the closed one gave back', async () => {
    const first = await database();
    await append(first.client, names.events, 'game#3', 1);
    first.client.destroy();
    await first.running.close();

    const second = await database();
    expect(first.running.threadId).toEqual(expect.any(Number));
    expect(second.running.threadId).toBe(first.running.threadId);
    // The first's item is not there: the same version appends again.
    await append(second.client, names.events, 'game#3', 1);
    await second.running.flush();
    expect(second.committed).toEqual(['game#3:1']);
    expect(first.committed).toEqual(['game#3:1']);
    second.client.destroy();
    await second.running.close();
  });

  it('answers a flush, a dump or a request after its close at once, and none reaches the next database on its thread', async () => {
    const first = await database();
    first.client.destroy();
    await first.running.close();
    const second = await database();
    await append(second.client, names.events, 'game#5', 1);
    await first.running.flush();
    expect(await first.running.dump(join(testFolder('pickem-database-thread-'), 'db.bin'))).toBe(0);
    await expect(append(first.clientOver('port'), names.events, 'game#5', 2)).rejects.toThrow(
      /database thread is closed/,
    );
    await second.running.flush();
    expect(second.committed).toEqual(['game#5:1']);
    second.client.destroy();
    await second.running.close();
  });

  it("answers a client on the thread's port as one on its socket: the same items, refusals and errors, and the stream sees both's commits", async () => {
    const { running, client: socket, clientOver, committed } = await database();
    const port = clientOver('port');
    await append(port, names.events, 'game#7', 1);
    await expect(append(socket, names.events, 'game#7', 1)).rejects.toThrow(/conditional/i);
    await append(socket, names.events, 'game#7', 2);
    await expect(append(port, names.events, 'game#7', 2)).rejects.toThrow(/conditional/i);
    const key = { PK: { S: 'game#7' }, SK: { N: '2' } };
    const read = async (client: DynamoDBClient) =>
      (await client.send(new GetItemCommand({ TableName: names.events, Key: key, ConsistentRead: true }))).Item;
    expect(await read(port)).toEqual(await read(socket));
    expect(await read(port)).toMatchObject(key);
    await expect(port.send(new GetItemCommand({ TableName: 'no-such-table', Key: key }))).rejects.toThrow(
      /resource not found/i,
    );
    await running.flush();
    expect(committed).toEqual(['game#7:1', 'game#7:2']);
    port.destroy();
    socket.destroy();
    await running.close();
    await expect(read(clientOver('port'))).rejects.toThrow(/database thread is closed/);
  });
});
