// Starts the stack on a data folder and runs an Import Scores job on it, killing itself with SIGKILL
// right after the import's fifth commit: the job's record is left running, its import half done.
import type { EventStore } from '../../../functions/adapters/event-store.ts';
import { runJob } from '../../../functions/jobs/handler.ts';
import { startLocalStack } from '../../../infra/local/stack.ts';

const crashJob = { jobId: 9001, type: 'ImportResults', clientId: 2, actorId: 2, payload: { sportId: 33 } };
const commitsBeforeCrash = 5;

const [dataDir, now] = process.argv.slice(2) as [string, string];
const stack = await startLocalStack({ dataDir, port: 0, seed: true, now, webRoot: '/nonexistent' });
await stack.settled();
let commits = 0;
const events: EventStore = {
  ...stack.deps.events,
  async append(...args) {
    const version = await stack.deps.events.append(...args);
    if (++commits === commitsBeforeCrash) process.kill(process.pid, 'SIGKILL');
    return version;
  },
};
await runJob({ ...stack.deps, events }, crashJob);
throw new Error('The import finished before the kill');
