// Powertools' batch processor for a DynamoDB stream, in order. Its BatchProcessor runs each record on its own (in
// parallel by default) and carries on past a failure; a stream's records must be applied in order, and some of ours
// together. So this one hands the handler runs of records (consecutive records `joins` puts together), one run after
// another, and stops at the first run that fails: that run's records and every later one are reported failed, so the
// stream hands them all again from that run's first record (Lambda resumes from the lowest sequence number reported).
import { BatchProcessor, EventType } from '@aws-lambda-powertools/batch';
import type { FailureResponse, SuccessResponse } from '@aws-lambda-powertools/batch/types';
import type { DynamoDBRecord } from 'aws-lambda';

/** The runs of the records, in order: each record joins the run before it when `joins` says so. */
export function runsOf(
  records: readonly DynamoDBRecord[],
  joins: (previous: DynamoDBRecord, next: DynamoDBRecord) => boolean,
) {
  const runs: DynamoDBRecord[][] = [];
  for (const record of records) {
    const last = runs.at(-1);
    if (last && joins(last.at(-1)!, record)) last.push(record);
    else runs.push([record]);
  }
  return runs;
}

export class InOrderStreamProcessor extends BatchProcessor {
  readonly #joins: (previous: DynamoDBRecord, next: DynamoDBRecord) => boolean;

  constructor(joins: (previous: DynamoDBRecord, next: DynamoDBRecord) => boolean) {
    super(EventType.DynamoDBStreams);
    this.#joins = joins;
  }

  /** The handler is called with a run of records (`(run: DynamoDBRecord[], context) => Promise<unknown>`). */
  override async process(): Promise<(SuccessResponse | FailureResponse)[]> {
    this.prepare();
    const processed: (SuccessResponse | FailureResponse)[] = [];
    const runs = runsOf(this.records as DynamoDBRecord[], this.#joins);
    for (const [index, run] of runs.entries()) {
      try {
        const result: unknown = await this.handler(run, this.options?.context);
        for (const record of run) processed.push(this.successHandler(record, result));
      } catch (error) {
        for (const record of runs.slice(index).flat()) processed.push(this.failureHandler(record, error as Error));
        break;
      }
    }
    this.clean();
    return processed;
  }
}
