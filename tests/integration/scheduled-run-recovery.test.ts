// Import Scores' scheduled run killed with kill -9 halfway (docs/invariants.md, Start-up): the run is a job like
// an operator's, so the restart runs it again and it appends nothing twice. Its own file: one stack per process.
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#domain/contracts/jobs.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem } from '../../functions/store/state-table.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { gameCommits, restartAfterCrash, runUntilKilled } from './support/crash-and-restart.ts';
import { testFolder } from '../support/global-setup.ts';

// Must match support/import-then-die.ts.
const commitsBeforeCrash = 5;
let stack: LocalStack | undefined;
afterAll(() => stack?.close());

describe('a scheduled run survives a crash of the local stack', () => {
  it("Import Scores' scheduled run killed with kill -9 halfway is re-run on restart: succeeded, nothing appended twice", async () => {
    const scheduledDir = testFolder('pickem-scheduled-crash-');
    const at = '2026-11-22T17:00:00Z';
    const child = runUntilKilled('tests/integration/support/import-then-die.ts', scheduledDir, at, 'scheduled');
    expect(child.signal, child.stderr).toBe('SIGKILL');

    stack = await restartAfterCrash(scheduledDir, '2026-11-22T17:10:00Z');
    const { deps } = stack;
    const system = await findClientByDomain(deps, systemDomain);
    const runId = keys.processRunId(ProcessId.ImportScores, new Date(at));
    const record = await getItem<JobRecord>(deps, keys.job(system!.id, runId));
    expect(record).toMatchObject({ status: 'succeeded', attempts: 2 });
    // One commit per changed game in all: at least the five before the kill (more may have landed with them, the
    // import appending eight games at a time), and the rest by the second attempt.
    const { commits, games } = await gameCommits(deps, at);
    expect(commits).toBe(games);
    expect(commits).toBeGreaterThanOrEqual(commitsBeforeCrash + record!.counts!.changed!);
  }, 180_000); // a seeded start of a child process and of a stack: a minute on a busy machine, 14 s on a quiet one
});
