// The file an upload hands to its job (a users CSV of up to 4 MB). A job record item holds at most 400 kB,
// and the job may run again after a crash, so the file lives in the state table in parts of at most 300 kB
// under its own partition (JOBFILE#client#job, PART#n), until the job has finished with it; `ttl`
// (epoch seconds, a day on) lets the table's TTL sweep the parts of a job that never ran.
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { batchDelete, batchPut, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

const partBytes = 300 * 1024;
const keepSeconds = 24 * 60 * 60;

export async function putJobFile(deps: Store, clientId: number, jobId: number, file: Uint8Array, now: Date) {
  const ttl = Math.floor(now.getTime() / 1000) + keepSeconds;
  const parts = Math.max(1, Math.ceil(file.length / partBytes));
  await batchPut(
    deps,
    Array.from({ length: parts }, (_, part) => ({
      ...keys.jobFilePart(clientId, jobId, part),
      data: file.subarray(part * partBytes, (part + 1) * partBytes),
      ttl,
    })),
  );
}

/** The file put for the job, or undefined when there is none (never put, or already removed). */
export async function getJobFile(deps: Store, clientId: number, jobId: number): Promise<Uint8Array | undefined> {
  const parts = await queryAll<{ data: Uint8Array }>(deps, keys.jobFilePartition(clientId, jobId), {
    skPrefix: keys.jobFilePartPrefix,
  });
  if (parts.length === 0) return undefined;
  const file = new Uint8Array(parts.reduce((size, { data }) => size + data.length, 0));
  let offset = 0;
  for (const { data } of parts) {
    file.set(data, offset);
    offset += data.length;
  }
  return file;
}

export async function deleteJobFile(deps: Store, clientId: number, jobId: number) {
  const parts = await queryAll<unknown>(deps, keys.jobFilePartition(clientId, jobId), {
    skPrefix: keys.jobFilePartPrefix,
  });
  // queryAll strips the keys; the parts are numbered from 0, so their keys follow from their count.
  await batchDelete(
    deps,
    parts.map((_, part) => keys.jobFilePart(clientId, jobId, part)),
  );
}
