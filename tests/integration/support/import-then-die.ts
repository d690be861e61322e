// Starts the stack on a data folder and runs an Import Scores job on it (an operator's, or with 'scheduled' the
// Import Scores process's scheduled run), killing itself with SIGKILL right after the import's fifth commit:
// the job's record is left running, its import half done.
import type { EventStore } from '../../../functions/adapters/event-store.ts';
import { ProcessId } from '#domain/processes/processes.ts';
import { runJob } from '../../../functions/jobs/handler.ts';
import { queueScheduledRun } from '../../../functions/jobs/processes.ts';
import { startLocalTestStack } from '../../support/local-test-stack.ts';

const crashJob = { jobId: 9001, type: 'ImportScores' as const, clientId: 2, actorId: 2, payload: { sportId: 33 } };
const commitsBeforeCrash = 5;

const [dataDir, now, kind] = process.argv.slice(2) as [string, string, string | undefined];
const stack = await startLocalTestStack({ dataDir, port: 0, seed: true, now, webRoot: '/nonexistent' });
await stack.settled();
const job =
  kind === 'scheduled'
    ? (await queueScheduledRun(stack.deps, { processId: ProcessId.ImportScores, scheduleId: 1, scheduledTime: now }))!
    : crashJob;
let commits = 0;
const events: EventStore = {
  ...stack.deps.events,
  async append(...args) {
    const version = await stack.deps.events.append(...args);
    if (++commits === commitsBeforeCrash) process.kill(process.pid, 'SIGKILL');
    return version;
  },
};
await runJob({ ...stack.deps, events }, job);
throw new Error('The import finished before the kill');
