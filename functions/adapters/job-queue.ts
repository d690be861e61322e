// Async jobs are Lambda async invocations of the jobs function. Locally AWS_ENDPOINT_URL_LAMBDA
// points at the runtime, whose in-process queue runs the same jobs handler.
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { JobType } from '#domain/contracts/jobs.ts';

export interface JobRequest {
  jobId: number;
  type: JobType;
  clientId: number;
  actorId: number;
  /** As stored: the job's contract (domain/contracts/jobs.ts) reads it when the job runs. */
  payload: Record<string, unknown>;
}
export interface JobQueue {
  enqueue(job: JobRequest): Promise<void>;
}

export function lambdaJobQueue(client: LambdaClient, functionName: string): JobQueue {
  return {
    async enqueue(job) {
      await client.send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(job)),
        }),
      );
    },
  };
}
