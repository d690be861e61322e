// Starts the stack on a data folder and runs a users CSV import on it, killing itself with SIGKILL right after
// the 600th set-password mail: the job's record is left running, accounts of two batches half made.
import type { Mailer } from '../../../functions/adapters/mailer.ts';
import { runJob } from '../../../functions/jobs/handler.ts';
import { startLocalTestStack } from '../../support/local-test-stack.ts';
import { crashJobs, mailsBeforeCrash, recordJob } from './users-import-crash.ts';

const [dataDir, now] = process.argv.slice(2) as [string, string];
const stack = await startLocalTestStack({ dataDir, port: 0, seed: true, now, webRoot: '/nonexistent' });
await stack.settled();
const { crashed } = await crashJobs(stack.deps);
await recordJob(stack.deps, crashed);
let sent = 0;
const mailer: Mailer = {
  async send(mail) {
    await stack.deps.mailer.send(mail);
    if (++sent === mailsBeforeCrash) process.kill(process.pid, 'SIGKILL');
  },
};
await runJob({ ...stack.deps, mailer }, crashed);
throw new Error('The import finished before the kill');
