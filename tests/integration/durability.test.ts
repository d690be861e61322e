import { marshall } from '@aws-sdk/util-dynamodb';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handler as projector } from '../../functions/projector/handler.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { viewKeys } from '../../functions/store/view-keys.ts';
import type { CellRow } from '../../domain/scoring/bet-cells.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { client } from './support/test-stack.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pickem-durable-'));
const streamId = 'slip#2#777#33#20263309';
let stack: LocalStack | undefined;
const cellOf = () => getItem<CellRow>(stack!.deps, viewKeys.cell(2, 33, 20263309, 777, 3300901), 'views');
afterAll(() => stack?.close());

describe('durability of the local stack', () => {
  it('kill -9 right after a write loses no committed event: the restart delivers it and keeps the state', async () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'tests/integration/support/write-then-die.ts', dataDir, streamId], { encoding: 'utf8', timeout: 90_000 });
    expect(child.signal).toBe('SIGKILL');

    stack = await startLocalStack({ dataDir, port: 0, seed: true, webRoot: '/nonexistent' });
    expect(stack.caughtUp).toBeGreaterThanOrEqual(1);
    await stack.settled();

    const { commits } = await stack.deps.events.readStream(streamId);
    expect(commits.map((commit) => commit.correlationId)).toEqual(['kill-test']);
    expect(await cellOf()).toMatchObject({ userId: 777, points: 20, version: 1, cancelled: false });
    expect((await client(stack).postForm('/token', { login: 'survivor', password: 'survivor-pass', domain: 'demo' })).status).toBe(200);
  });

  it('a redelivered or out-of-order stream record changes nothing in the views', async () => {
    const deps = stack!.deps;
    const before = await cellOf();
    const { commits } = await deps.events.readStream(streamId);
    const image = marshall({ PK: streamId, SK: 1, events: commits[0]!.events, at: commits[0]!.at, actor: 777, correlationId: 'kill-test' });
    await deps.events.append(streamId, 1, [{ type: 'BetCancelled', data: { betId: '777-3300901', gameId: 3300901, cancelledAt: '2026-11-18T07:00:00.000Z', actorId: 777 } }], {
      at: '2026-11-18T07:00:00.000Z', actor: 777, correlationId: 'cancel',
    });
    await stack!.settled();
    const record = { dynamodb: { NewImage: image, SequenceNumber: '1' } };
    expect(await projector({ Records: [record, record] } as never)).toEqual({ batchItemFailures: [] });
    expect(before?.cancelled).toBe(false);
    expect(await cellOf()).toMatchObject({ version: 2, cancelled: true });
  });
});
