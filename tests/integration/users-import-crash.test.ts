// A users CSV import killed with kill -9 halfway (docs/invariants.md, Accounts): after the restart the job is
// run again and every account is whole, every valid row has exactly one set-password mail, and the job's
// counts and report equal those of the same file imported into another client without a stop.
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { runJob } from '../../functions/jobs/handler.ts';
import { listPendingClaims } from '../../functions/store/account-claims.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import { listDirectory } from '../../functions/store/user-directory.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { restartAfterCrash, runUntilKilled } from './support/crash-and-restart.ts';
import { crashJobs, recordJob, rows } from './support/users-import-crash.ts';
import { testFolder } from '../support/global-setup.ts';
import { outboxMails } from '../support/outbox.ts';

const dataDir = testFolder('pickem-users-crash-');
let stack: LocalStack | undefined;
afterAll(() => stack?.close());

/**
 * How many set-password mails of a new account each address received. Other mails may come too: the week's pick
 * reminder, due while the stack was down, fires on the restart and rightly reminds the new players who have not picked.
 */
function accountMailsPerAddress(outboxDir: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of outboxMails(outboxDir, /^Subject: Your Pick'em account at /m)) {
    const to = /^To: (.+)$/m.exec(mail)?.[1]?.trim();
    if (to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

describe('a users CSV import killed halfway', () => {
  it('is run again on restart: whole accounts, one mail each, and the report of a run that never stopped', async () => {
    const child = runUntilKilled('tests/integration/support/users-import-then-die.ts', dataDir, '2026-11-22T17:00:00Z');
    expect(child.signal, child.stderr).toBe('SIGKILL');

    // Ten minutes later the dead worker's lease has expired; the maintenance due meanwhile finishes the accounts and
    // reruns the job.
    stack = await restartAfterCrash(dataDir, '2026-11-22T17:10:00Z');
    const { deps } = stack;
    const { crashed, uninterrupted } = await crashJobs(deps);
    const resumed = await getItem<JobRecord>(deps, keys.job(crashed.clientId, crashed.jobId));
    expect(resumed, resumed?.error).toMatchObject({ status: 'succeeded', attempts: 2 });

    expect(await listPendingClaims(deps)).toEqual([]);
    const imported = (await listDirectory(deps, Number(crashed.payload.clientId))).filter((row) =>
      row.login.startsWith('crash'),
    );
    expect(imported).toHaveLength(rows - 3);
    // Before the same file goes to Rival, which mails the same addresses.
    const mails = accountMailsPerAddress(stack.outboxDir);
    expect(imported.filter((row) => mails.get(row.emailAddress) !== 1)).toEqual([]);

    await recordJob(deps, uninterrupted);
    expect(await runJob(deps, uninterrupted)).toBe('succeeded');
    const straight = await getItem<JobRecord>(deps, keys.job(uninterrupted.clientId, uninterrupted.jobId));
    expect(straight!.counts).toEqual({ total: rows, created: rows - 3, existing: 0, refused: 3 });
    expect(resumed!.counts).toEqual(straight!.counts);
    expect(resumed!.report).toEqual(straight!.report);
    expect((straight!.report as { refused: { line: number }[] }).refused.map((line) => line.line)).toEqual([
      10, 20, 30,
    ]);
  }, 300_000);
});
