import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { projectorFunction } from '../../functions/projector/handler.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { layoutKey, viewsLayout } from '../../functions/views/layout.ts';
import { type SlipCellsRow, slipCellsKey } from '../../functions/views/slip-cells.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { startLocalTestStack } from '../support/local-test-stack.ts';
import { client } from './support/test-stack.ts';
import { testFolder } from '../support/global-setup.ts';

const dataDir = testFolder('pickem-durable-');
const streamId = 'slip#2#777#33#20263309';
let stack: LocalStack | undefined;
/** The projector as deployed, on this file's stack. */
const projector = projectorFunction(() => stack!.deps);
const cellsOf = () =>
  getItem<SlipCellsRow>(stack!.deps, slipCellsKey({ clientId: 2, sportId: 33, weekId: 20263309 }, 777), 'views');
afterAll(() => stack?.close());

describe('durability of the local stack', () => {
  it('kill -9 right after a write loses no committed event: the restart delivers it and keeps the state', async () => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'tests/integration/support/write-then-die.ts', dataDir, streamId],
      { encoding: 'utf8', timeout: 90_000 },
    );
    expect(child.signal).toBe('SIGKILL');

    stack = await startLocalTestStack({ dataDir, port: 0, seed: true, webRoot: '/nonexistent' });
    expect(stack.caughtUp).toBeGreaterThanOrEqual(1);
    await stack.settled();

    const { commits } = await stack.deps.events.readStream(streamId);
    expect(commits.map((commit) => commit.correlationId)).toEqual(['kill-test']);
    expect(await cellsOf()).toMatchObject({ userId: 777, version: 1, cells: [{ gameId: 3300901, points: 20 }] });
    expect(
      (await client(stack).postForm('/token', { login: 'survivor', password: 'survivor-pass', domain: 'demo' })).status,
    ).toBe(200);
  }, 180_000); // a seeded start of a child process and of a stack: minutes on a busy machine, seconds on a quiet one

  it('a redelivered or out-of-order stream record changes nothing in the views', async () => {
    const deps = stack!.deps;
    const before = await cellsOf();
    const { commits } = await deps.events.readStream(streamId);
    const image = marshall({
      PK: streamId,
      SK: 1,
      events: commits[0]!.events,
      at: commits[0]!.at,
      actor: 777,
      correlationId: 'kill-test',
    });
    await deps.events.append(
      streamId,
      1,
      [
        {
          type: 'BetCancelled',
          data: { betId: '777-3300901', gameId: 3300901, cancelledAt: '2026-11-18T07:00:00.000Z', actorId: 777 },
        },
      ],
      {
        at: '2026-11-18T07:00:00.000Z',
        actor: 777,
        correlationId: 'cancel',
      },
    );
    await stack!.settled();
    const record = { dynamodb: { NewImage: image, SequenceNumber: '1' } };
    expect(await projector({ Records: [record, record] } as never)).toEqual({ batchItemFailures: [] });
    expect(before?.cells).toHaveLength(1);
    expect(await cellsOf()).toEqual({ userId: 777, version: 2, cells: [] });
  });

  it('a record whose earlier commits the views never saw takes the slip as its stream now stands', async () => {
    const deps = stack!.deps;
    await deps.events.append(
      streamId,
      2,
      [
        {
          type: 'BetPlaced',
          data: {
            betId: '777-3300902',
            gameId: 3300902,
            teamId: 1002,
            points: 10,
            line: 3.5,
            isBonus: false,
            placedAt: '2026-11-18T08:00:00.000Z',
            actorId: 777,
          },
        },
      ],
      {
        at: '2026-11-18T08:00:00.000Z',
        actor: 777,
        correlationId: 'place-again',
      },
    );
    await stack!.settled();
    const expected = await cellsOf();
    expect(expected).toMatchObject({ version: 3, cells: [{ gameId: 3300902, points: 10 }] });
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.views,
        Key: slipCellsKey({ clientId: 2, sportId: 33, weekId: 20263309 }, 777),
      }),
    );

    const { commits } = await deps.events.readStream(streamId);
    const last = commits[2]!;
    const image = marshall({
      PK: streamId,
      SK: last.version,
      events: last.events,
      at: last.at,
      actor: 777,
      correlationId: last.correlationId,
    });
    expect(await projector({ Records: [{ dynamodb: { NewImage: image, SequenceNumber: '3' } }] } as never)).toEqual({
      batchItemFailures: [],
    });
    expect(await cellsOf()).toEqual(expected);
  });

  it('a restart on views of an older layout rebuilds them from the events', async () => {
    const views = stack!.deps.tables.views;
    const expected = await cellsOf();
    const legacyCell = {
      PK: 'CELLS#2#33#20263309',
      SK: '0000000777#0003300902',
      userId: 777,
      gameId: 3300902,
      points: 10,
    };
    await stack!.deps.db.send(new PutCommand({ TableName: views, Item: legacyCell }));
    const legacyMarker = { PK: 'VIEWS', SK: 'LAYOUT', version: 3 };
    await stack!.deps.db.send(new PutCommand({ TableName: views, Item: legacyMarker }));
    await stack!.deps.db.send(new DeleteCommand({ TableName: views, Key: layoutKey() }));
    await stack!.close();

    stack = await startLocalTestStack({ dataDir, port: 0, seed: false, webRoot: '/nonexistent' });
    expect(await getItem(stack.deps, { PK: legacyCell.PK, SK: legacyCell.SK }, 'views')).toBeUndefined();
    expect(await getItem(stack.deps, { PK: 'VIEWS', SK: 'LAYOUT' }, 'views')).toBeUndefined();
    expect(await getItem(stack.deps, layoutKey(), 'views')).toMatchObject({ version: viewsLayout });
    expect(await cellsOf()).toEqual(expected);
  });
});
