// Delivers committed events-table items to the projector as DynamoDB stream records, in commit
// order, like the Lambda event source mapping in AWS: batches of up to 100, a failed record is
// retried with backoff (5 retries), then parked in a dead-letter file and passed over. A checkpoint
// of the last delivered version per stream lets a restart catch up on what was committed but not
// delivered, so killing the process loses nothing.
import { type AttributeValue, type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

type Image = Record<string, AttributeValue>;
export type StreamConsumer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface StreamEmulatorOptions {
  consumer: StreamConsumer;
  tableArn: string;
  /** Where the per-stream checkpoint is kept; undefined keeps it in memory. */
  checkpointFile?: string | undefined;
  /** Where delivery stands when no checkpoint file says (a database started from a snapshot). */
  checkpoint?: Record<string, number> | undefined;
  deadLetterFile?: string | undefined;
  batchSize?: number;
  maxRetries?: number;
  retryBaseMs?: number;
  /**
   * PICKEM_FAULTS: whether a batch that went through is delivered again, with the same records (a stream's delivery
   * is at least once); a batch delivered again is not delivered a third time.
   */
  redeliver?: (() => boolean) | undefined;
}

const streamOf = (image: Image) => image.PK?.S ?? '';
const versionOf = (image: Image) => Number(image.SK?.N ?? 0);

export function createStreamEmulator(options: StreamEmulatorOptions) {
  const {
    consumer,
    tableArn,
    checkpointFile,
    checkpoint = {},
    deadLetterFile,
    batchSize = 100,
    maxRetries = 5,
    retryBaseMs = 50,
    redeliver,
  } = options;
  const delivered = new Map<string, number>(
    Object.entries(
      checkpointFile && existsSync(checkpointFile)
        ? (JSON.parse(readFileSync(checkpointFile, 'utf8')) as Record<string, number>)
        : checkpoint,
    ),
  );
  const queued = new Map<string, number>();
  const pending: Image[] = [];
  let sequence = 0;
  let running: Promise<void> | undefined;
  let stopped = false;
  let held = false;
  const idleWaiters: (() => void)[] = [];

  const toRecord = (image: Image): DynamoDBRecord => {
    sequence += 1;
    return {
      eventID: `${streamOf(image)}:${versionOf(image)}`,
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'local',
      eventSourceARN: `${tableArn}/stream/local`,
      dynamodb: {
        Keys: { PK: image.PK, SK: image.SK } as never,
        NewImage: image as never,
        SequenceNumber: String(sequence).padStart(21, '0'),
        SizeBytes: JSON.stringify(image).length,
        StreamViewType: 'NEW_IMAGE',
        ApproximateCreationDateTime: Date.now() / 1000,
      },
    };
  };

  const saveCheckpoint = () => {
    if (!checkpointFile) return;
    writeFileSync(`${checkpointFile}.tmp`, JSON.stringify(Object.fromEntries(delivered)));
    renameSync(`${checkpointFile}.tmp`, checkpointFile);
  };

  const markDelivered = (images: readonly Image[]) => {
    for (const image of images)
      delivered.set(streamOf(image), Math.max(delivered.get(streamOf(image)) ?? 0, versionOf(image)));
  };

  async function deliverBatch(batch: Image[]) {
    let remaining = batch;
    let again: DynamoDBRecord[] | undefined;
    let redelivered = false;
    for (let attempt = 0; remaining.length > 0 && !stopped; attempt++) {
      const records = again ?? remaining.map(toRecord);
      again = undefined;
      let failedAt = -1;
      try {
        const answer = await consumer({ Records: records });
        const failed = answer?.batchItemFailures?.[0]?.itemIdentifier;
        failedAt =
          failed === undefined ? -1 : records.findIndex((record) => record.dynamodb?.SequenceNumber === failed);
        if (failed !== undefined && failedAt < 0) failedAt = 0;
      } catch (error) {
        console.error('stream delivery failed', error);
        failedAt = 0;
      }
      if (failedAt < 0) {
        markDelivered(remaining);
        if (redelivered || !redeliver?.()) return;
        redelivered = true;
        again = records;
        attempt = -1;
        continue;
      }
      markDelivered(remaining.slice(0, failedAt));
      remaining = remaining.slice(failedAt);
      if (attempt >= maxRetries) {
        const [poison, ...rest] = remaining;
        if (deadLetterFile)
          appendFileSync(deadLetterFile, `${JSON.stringify({ at: new Date().toISOString(), image: poison })}\n`);
        console.error(
          `stream record ${streamOf(poison!)} v${versionOf(poison!)} sent to the dead-letter file after ${maxRetries} retries`,
        );
        markDelivered([poison!]);
        remaining = rest;
        attempt = -1;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, retryBaseMs * 2 ** attempt));
    }
  }

  async function drain() {
    while (pending.length > 0 && !stopped) {
      await deliverBatch(pending.splice(0, batchSize));
      saveCheckpoint();
    }
    running = undefined;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  return {
    /** A committed item: queued unless that version was already delivered or queued. */
    push(image: Image) {
      const stream = streamOf(image);
      const version = versionOf(image);
      if (version <= Math.max(delivered.get(stream) ?? 0, queued.get(stream) ?? 0)) return;
      queued.set(stream, version);
      pending.push(image);
      if (!held) running ??= drain();
    },
    /** Delivers nothing until passHeld(): what is pushed meanwhile waits. Call it while the stream is idle. */
    hold() {
      held = true;
    },
    /**
     * Marks everything pushed while held as delivered without delivering it (its effect on the views was written
     * another way: a rebuild from the events), then delivers as before.
     */
    passHeld() {
      markDelivered(pending.splice(0));
      saveCheckpoint();
      held = false;
    },
    /** Queues, in order, every committed item the checkpoint has not seen. */
    catchUp(images: readonly Image[]) {
      const missed = images
        .filter((image) => versionOf(image) > (delivered.get(streamOf(image)) ?? 0))
        .sort((a, b) => streamOf(a).localeCompare(streamOf(b)) || versionOf(a) - versionOf(b));
      for (const image of missed) this.push(image);
      return missed.length;
    },
    /** The last delivered version of each stream. */
    checkpoint: () => Object.fromEntries(delivered),
    /** Resolves when everything pushed so far has been delivered (or dead-lettered). */
    idle(): Promise<void> {
      return running ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
    },
    stop() {
      stopped = true;
      saveCheckpoint();
    },
  };
}

export type StreamEmulator = ReturnType<typeof createStreamEmulator>;

/** Every item of the events table, for catchUp at start: what was committed while no stream was listening. */
export async function committedImages(client: DynamoDBClient, table: string) {
  const items: Image[] = [];
  let ExclusiveStartKey: Image | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
