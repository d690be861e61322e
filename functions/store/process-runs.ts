// A process's runs in the state table (functions/jobs/processes.ts): the process lease that keeps two runs of a process
// from overlapping. Each run's job is recorded once, whichever trigger of the run comes first (job-records.ts).
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { isConditionFailure } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables' | 'clock'>;

/**
 * Takes (or renews) the process's lease for this run, for `leaseMs`: free, expired, or already this run's (a
 * renewal, or a re-run after a crash).
 */
export async function takeProcessLease(deps: Store, processId: number, jobId: number, leaseMs: number) {
  const now = deps.clock.now();
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.processLease(processId),
        UpdateExpression: 'SET holder = :jobId, leaseUntil = :until',
        ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil < :now OR holder = :jobId',
        ExpressionAttributeValues: {
          ':jobId': jobId,
          ':now': now.toISOString(),
          ':until': new Date(now.getTime() + leaseMs).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function releaseProcessLease(deps: Pick<Deps, 'db' | 'tables'>, processId: number, jobId: number) {
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: keys.processLease(processId),
        ConditionExpression: 'holder = :jobId',
        ExpressionAttributeValues: { ':jobId': jobId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
