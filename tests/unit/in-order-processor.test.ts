// The stream Lambda's batch processing (functions/projector/in-order-processor.ts): records are applied in order, as
// runs, and the first run that fails is reported with every record after it, so a redelivery applies from there on.
import { processPartialResponse } from '@aws-lambda-powertools/batch';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createProjector } from '../../functions/projector/handler.ts';
import { InOrderStreamProcessor } from '../../functions/projector/in-order-processor.ts';

const record = (streamId: string, sequence: number): DynamoDBRecord => ({
  eventName: 'INSERT',
  dynamodb: {
    NewImage: { PK: { S: streamId }, SK: { N: '1' }, events: { L: [] } },
    SequenceNumber: String(sequence).padStart(21, '0'),
  },
});
const streamOf = (each: DynamoDBRecord) => each.dynamodb!.NewImage!.PK!.S!;
const sequenceOf = (each: DynamoDBRecord) => each.dynamodb!.SequenceNumber!;
/** Records of one kind (the stream id's first part) join. */
const sameKind = (previous: DynamoDBRecord, next: DynamoDBRecord) =>
  streamOf(previous).split('#')[0] === streamOf(next).split('#')[0];

function process(records: DynamoDBRecord[], failOn?: string) {
  const runs: string[][] = [];
  const handler = async (run: DynamoDBRecord[]) => {
    runs.push(run.map(streamOf));
    if (run.some((each) => streamOf(each) === failOn)) throw new Error('down');
  };
  const answer = processPartialResponse({ Records: records }, handler, new InOrderStreamProcessor(sameKind), {
    throwOnFullBatchFailure: false,
  });
  return { runs, answer };
}

describe('the projector applies a batch in order, as runs', () => {
  const records = [
    record('game#1', 1),
    record('game#2', 2),
    record('slip#1', 3),
    record('game#3', 4),
    record('game#4', 5),
  ];

  it('hands the handler each run of joining records in order, and answers no failure', async () => {
    const { runs, answer } = process(records);
    expect(await answer).toEqual({ batchItemFailures: [] });
    expect(runs).toEqual([['game#1', 'game#2'], ['slip#1'], ['game#3', 'game#4']]);
  });

  it('stops at the first run that fails: it and every later record are reported, the later runs not applied', async () => {
    const { runs, answer } = process(records, 'slip#1');
    expect(await answer).toEqual({
      batchItemFailures: records.slice(2).map((each) => ({ itemIdentifier: sequenceOf(each) })),
    });
    expect(runs).toEqual([['game#1', 'game#2'], ['slip#1']]);
  });

  it('answers a batch failed whole with every record, from the first, rather than throwing', async () => {
    const projector = createProjector(() => {
      throw new Error('no database');
    });
    const commits = [record('game#1', 1), record('slip#1#2#3#4', 2)];
    expect(await projector({ Records: commits })).toEqual({
      batchItemFailures: commits.map((each) => ({ itemIdentifier: sequenceOf(each) })),
    });
  });
});
