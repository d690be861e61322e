// A crash as an operator would see one: a support script starts the stack on a data folder and kills itself
// with SIGKILL halfway through a job; then the stack starts again on that folder.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { spawnSync } from 'node:child_process';
import { maintenanceSchedule } from '../../../functions/lifecycle/maintenance-schedule.ts';
import { type LocalStack } from '../../../infra/local/stack.ts';
import { startLocalTestStack } from '../../support/local-test-stack.ts';

/** Runs the script (a path under the repo) with the data folder, the clock's time and more; answers how it ended. */
export function runUntilKilled(script: string, dataDir: string, now: string, ...rest: string[]) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', script, dataDir, now, ...rest], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { signal: child.signal, stderr: child.stderr };
}

/** The stack again on the folder at `now` (after the dead worker's lease ran out), its Scheduler held. */
export const startAgain = (dataDir: string, now: string): Promise<LocalStack> =>
  startLocalTestStack({ dataDir, port: 0, seed: false, now, webRoot: '/none', holdSchedules: true });

/**
 * The Scheduler let go on a restarted stack: the minute's maintenance that fell due while the stack was down fires
 * (answers whether it did) and re-runs the jobs a crash abandoned; resolves when they are done.
 */
export async function maintenanceFires(stack: LocalStack): Promise<boolean> {
  const fired = stack.fireDueSchedules(undefined, maintenanceSchedule.group) === 1;
  stack.releaseSchedules();
  await stack.settled();
  return fired;
}

/** The stack again on the folder at `now`, with every job its first maintenance reran done. */
export async function restartAfterCrash(dataDir: string, now: string): Promise<LocalStack> {
  const stack = await startAgain(dataDir, now);
  await maintenanceFires(stack);
  return stack;
}

/**
 * The commits recording a game's result from `since` on, and the games they record (the same number when no result
 * was recorded twice): the seed's own, last season graded the day after it ended, come long before. Instants compare
 * as instants: a commit at 17:00:00.500Z is after 17:00:00Z, which as text it is not.
 */
export async function gameCommits(deps: LocalStack['deps'], since: string) {
  let commits = 0;
  const games = new Set<string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new ScanCommand({
        TableName: deps.tables.events,
        FilterExpression: 'begins_with(PK, :game)',
        ExpressionAttributeValues: { ':game': 'game#' },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    // The seed's Import Spreads left line commits on the game streams; the import counted here records results.
    for (const item of page.Items ?? [])
      if (
        Date.parse(item.at as string) >= Date.parse(since) &&
        (item.events as { type: string }[]).some((event) => event.type === 'GameResultRecorded')
      ) {
        commits += 1;
        games.add(item.PK as string);
      }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { commits, games: games.size };
}
