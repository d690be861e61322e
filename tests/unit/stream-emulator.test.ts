import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStreamEmulator } from '../../infra/local/stream-emulator.ts';
import { testFolder } from '../support/global-setup.ts';

const image = (stream: string, version: number): Record<string, AttributeValue> => ({
  PK: { S: stream },
  SK: { N: String(version) },
  events: { L: [] },
});
const keyOf = (record: DynamoDBStreamEvent['Records'][number]) =>
  `${record.dynamodb?.NewImage?.PK?.S}:${record.dynamodb?.NewImage?.SK?.N}`;
const tableArn = 'arn:aws:dynamodb:local:0:table/events';

describe('stream emulator', () => {
  it('delivers every commit once, in commit order, as NEW_IMAGE INSERT records', async () => {
    const seen: string[] = [];
    const stream = createStreamEmulator({
      tableArn,
      consumer: async (event) => void seen.push(...event.Records.map(keyOf)),
    });
    stream.push(image('a', 1));
    stream.push(image('b', 1));
    stream.push(image('a', 2));
    stream.push(image('a', 2));
    await stream.idle();
    expect(seen).toEqual(['a:1', 'b:1', 'a:2']);
  });

  it('passes over what it held (a rebuild wrote its views): checkpointed as delivered, the commits after it delivered', async () => {
    const checkpointFile = join(testFolder('pickem-stream-'), 'checkpoint.json');
    const seen: string[] = [];
    const stream = createStreamEmulator({
      tableArn,
      checkpointFile,
      consumer: async (event) => void seen.push(...event.Records.map(keyOf)),
    });
    stream.hold();
    stream.push(image('a', 1));
    stream.push(image('b', 1));
    await stream.idle();
    expect(seen).toEqual([]);

    stream.passHeld();
    expect(JSON.parse(readFileSync(checkpointFile, 'utf8'))).toEqual({ a: 1, b: 1 });
    stream.push(image('a', 1));
    stream.push(image('a', 2));
    await stream.idle();
    expect(seen).toEqual(['a:2']);
  });

  it('retries a failed record with backoff and resumes from it, keeping order', async () => {
    const seen: string[] = [];
    let failures = 2;
    const stream = createStreamEmulator({
      tableArn,
      retryBaseMs: 1,
      consumer: async (event) => {
        for (const record of event.Records) {
          if (keyOf(record) === 'a:2' && failures-- > 0)
            return { batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] };
          seen.push(keyOf(record));
        }
        return { batchItemFailures: [] };
      },
    });
    for (const version of [1, 2, 3]) stream.push(image('a', version));
    await stream.idle();
    expect(seen).toEqual(['a:1', 'a:2', 'a:3']);
  });

  it('parks a record that keeps failing in the dead-letter file and goes on', async () => {
    const dir = testFolder('pickem-stream-');
    const seen: string[] = [];
    const stream = createStreamEmulator({
      tableArn,
      retryBaseMs: 1,
      maxRetries: 2,
      deadLetterFile: join(dir, 'dead.jsonl'),
      consumer: async (event) => {
        if (event.Records.some((record) => keyOf(record) === 'a:1')) throw new Error('poison');
        seen.push(...event.Records.map(keyOf));
      },
    });
    stream.push(image('a', 1));
    stream.push(image('a', 2));
    await stream.idle();
    expect(seen).toEqual(['a:2']);
    expect(readFileSync(join(dir, 'dead.jsonl'), 'utf8')).toContain('"S":"a"');
  });

  it('under PICKEM_FAULTS, delivers a batch that went through again, with the same records, once', async () => {
    const batches: string[][] = [];
    let draws = 0;
    const stream = createStreamEmulator({
      tableArn,
      redeliver: () => ++draws === 1,
      consumer: async (event) =>
        void batches.push(event.Records.map((record) => `${keyOf(record)}#${record.dynamodb?.SequenceNumber}`)),
    });
    stream.push(image('a', 1));
    stream.push(image('b', 1));
    await stream.idle();
    // The first batch twice (one record: the next was pushed once it was on its way), the second once.
    expect(batches).toEqual([
      ['a:1#000000000000000000001'],
      ['a:1#000000000000000000001'],
      ['b:1#000000000000000000002'],
    ]);
    expect(stream.checkpoint()).toEqual({ a: 1, b: 1 });
  });

  it('after a restart, catches up on exactly the commits its checkpoint has not seen', async () => {
    const dir = testFolder('pickem-stream-');
    const checkpointFile = join(dir, 'checkpoint.json');
    const first = createStreamEmulator({ tableArn, checkpointFile, consumer: async () => undefined });
    first.push(image('a', 1));
    first.push(image('b', 1));
    await first.idle();
    first.stop();

    const seen: string[] = [];
    const second = createStreamEmulator({
      tableArn,
      checkpointFile,
      consumer: async (event) => void seen.push(...event.Records.map(keyOf)),
    });
    const missed = second.catchUp([image('b', 2), image('a', 1), image('a', 2), image('b', 1)]);
    await second.idle();
    expect(missed).toBe(2);
    expect(seen).toEqual(['a:2', 'b:2']);
  });
});
