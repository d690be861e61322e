// The users CSV import, in a process of its own: the full local stack, one upload of a 10,000-row file
// over HTTP, the ImportUsers job on the in-process queue; rows per second from the upload to the job's
// end, and the process's peak memory (resident set, sampled every 20 ms) while it runs.
//   node --import tsx bench/users-csv-run.ts   BENCH_USERS_CSV_ROWS=1000 for a quick run
import { issueUserToken } from '../functions/adapters/tokens.ts';
import { findClientByDomain } from '../functions/store/clients.ts';
import { findUserByLogin } from '../functions/store/account-claims.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import type { UsersCsvResult } from './result-types.ts';
import { progress, timed } from './util.ts';

const rows = Number(process.env.BENCH_USERS_CSV_ROWS ?? 10_000);
const log = (message: string) => progress(`[users csv] ${message}`);

const stack = await startLocalStack({ dataDir: undefined, port: 0, seed: true, webRoot: '/nonexistent' });
await stack.settled();
const { deps } = stack;
const demo = (await findClientByDomain(deps, 'demo'))!;
const coach = (await findUserByLogin(deps, demo.id, 'coach'))!;
const token = (await issueUserToken(deps, coach)).access_token;

const lines = ['login,email,first name,last name,display name,phone,role'];
for (let index = 1; index <= rows; index++) {
  const login = `bench${String(index).padStart(5, '0')}`;
  lines.push(
    `${login},${login}@example.com,First ${index},"Last, ${index}",Player ${index},555-${1000 + (index % 9000)},Bettor`,
  );
}
const file = Buffer.from(lines.join('\r\n') + '\r\n');
log(`${rows} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB; uploading to ${stack.url}`);

let peakRss = process.memoryUsage().rss;
const rssBefore = peakRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const run = await timed(async () => {
  const answer = await fetch(`${stack.url}/Services/api/User/load-users-csv`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
    body: new URLSearchParams({ file: file.toString('base64') }).toString(),
  });
  const started = (await answer.json()) as { jobId: number };
  if (answer.status !== 202) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(started)}`);
  await stack.settled();
  const status = await fetch(`${stack.url}/Services/api/Job/status?id=${started.jobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await status.json()) as { status: string; counts?: Record<string, number>; error?: string };
});
clearInterval(sampler);
const job = run.value;
if (job.status !== 'succeeded') throw new Error(`the import ended ${job.status}: ${job.error}`);

const result: UsersCsvResult = {
  rows,
  megabytes: file.length / 1024 / 1024,
  ms: run.ms,
  rowsPerSecond: rows / (run.ms / 1000),
  created: job.counts?.created ?? 0,
  refused: job.counts?.refused ?? 0,
  rssBeforeMb: rssBefore / 1024 / 1024,
  peakRssMb: peakRss / 1024 / 1024,
};
log(
  `${result.created} created, ${result.refused} refused in ${(run.ms / 1000).toFixed(1)} s: ${result.rowsPerSecond.toFixed(0)} rows/s; peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.rssBeforeMb.toFixed(0)} MB before)`,
);
await stack.close();
process.send?.(result);
process.exit(0);
