// Lambda on the events table's stream: keeps the views table in step with committed events. Only the glue is here:
// each record's commit, Powertools' batch processor in stream order (in-order-processor.ts), the logs. The logic is
// apply-commits.ts, a plain function of the deps and the commits.
import { processPartialResponse } from '@aws-lambda-powertools/batch';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  AttributeValue as StreamAttributeValue,
} from 'aws-lambda';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { type Commit, commitFromItem } from '../adapters/event-store.ts';
import { logger, withLogContext } from '../adapters/logger.ts';
import { withTracing } from '../adapters/tracer.ts';
import { applyRun, joins } from './apply-commits.ts';
import { InOrderStreamProcessor } from './in-order-processor.ts';

/** The record's commit; none for a record without a new image (nothing was appended). */
const commitOf = (record: DynamoDBRecord): Commit | undefined => {
  const image = record.dynamodb?.NewImage;
  return (
    image && commitFromItem(unmarshall(image as Record<string, StreamAttributeValue> as Record<string, AttributeValue>))
  );
};

/** Records whose commits go through one recompute (apply-commits.ts `joins`). */
const recordsJoin = (previous: DynamoDBRecord, next: DynamoDBRecord) => {
  const [before, after] = [commitOf(previous), commitOf(next)];
  return before !== undefined && after !== undefined && joins(before, after);
};

export function createProjector(getDeps: () => Deps) {
  const applyRecords = async (records: DynamoDBRecord[]) => {
    const commits = records.map(commitOf).filter((commit) => commit !== undefined);
    const commit = commits[0];
    if (!commit) return;
    // Each line names the command that appended the commit, so a failure traces back to its request.
    logger.appendKeys({ correlationId: commit.correlationId });
    try {
      await applyRun(getDeps(), commits);
    } catch (error) {
      const sequenceNumber = records[0]!.dynamodb?.SequenceNumber ?? '';
      logger.error('Projection failed', { sequenceNumber, streamId: commit.streamId, version: commit.version, error });
      throw error;
    }
  };
  // A processor per invocation: the local runtime runs several at once, and a processor holds its batch.
  // A failed run is an answer naming its records and every later one, never a thrown error (Lambda would bisect).
  return (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> =>
    processPartialResponse(event, applyRecords, new InOrderStreamProcessor(recordsJoin), {
      context,
      throwOnFullBatchFailure: false,
    });
}

/** The projector as deployed, on the deps given. */
export const projectorFunction = (getDeps: () => Deps) =>
  withTracing(withLogContext(() => undefined, createProjector(getDeps)));

export const handler = projectorFunction(lazyDeps());
