// What the users-import crash test and its child process (users-import-then-die.ts) share: the file, the two
// jobs that import it (one killed halfway, one into another client never stopped) and how a job is recorded.
import { demoDomain, systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../../../functions/adapters/deps.ts';
import type { JobRequest } from '../../../functions/adapters/job-queue.ts';
import { rivalDomain } from '../../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../../functions/store/clients.ts';
import { findUserByLogin } from '../../../functions/store/account-claims.ts';
import { putJobFile } from '../../../functions/store/job-files.ts';
import { keys } from '../../../functions/store/keys.ts';
import { putItem } from '../../../functions/store/state-table.ts';

/**
 * Killed after this many set-password mails: the first batch of 500 lines (497 valid) done and noted, the second
 * batch's accounts in flight.
 */
export const mailsBeforeCrash = 550;
export const rows = 600;

/** 600 rows; line 10 has a bad e-mail, line 20 an unknown role, line 30 repeats line 3's login. */
export function crashCsv(): Uint8Array {
  const lines = Array.from({ length: rows }, (_, index) => {
    const n = String(index + 2).padStart(4, '0');
    return `crash${n},crash${n}@example.com,First${n},Last${n},Player ${n},,Bettor`;
  });
  lines[8] = 'crash0010,not-an-address,First,Last,Player,,Bettor';
  lines[18] = 'crash0020,crash0020@example.com,First,Last,Player,,No Such Role';
  lines[28] = 'CRASH0003,other@example.com,First,Last,Player,,Bettor';
  return Buffer.from(['login,email,first name,last name,display name,phone,role', ...lines].join('\n') + '\n');
}

/** The system administrator's ImportUsers jobs: into the demo client (killed) and into Rival (uninterrupted). */
export async function crashJobs(deps: Deps): Promise<{ crashed: JobRequest; uninterrupted: JobRequest }> {
  const [system, demo, rival] = await Promise.all(
    [systemDomain, demoDomain, rivalDomain].map((domain) => findClientByDomain(deps, domain)),
  );
  const admin = await findUserByLogin(deps, system!.id, 'admin');
  const job = (jobId: number, clientId: number) => ({
    jobId,
    type: 'ImportUsers' as const,
    clientId: system!.id,
    actorId: admin!.id,
    payload: { clientId },
  });
  return { crashed: job(9101, demo!.id), uninterrupted: job(9102, rival!.id) };
}

/** Keeps the file and records the job as queued, as the upload does, without handing it to a worker. */
export async function recordJob(deps: Deps, job: JobRequest) {
  await putJobFile(deps, job.clientId, job.jobId, crashCsv(), deps.clock.now());
  await putItem(deps, {
    ...keys.job(job.clientId, job.jobId),
    ...job,
    actorName: 'System A.',
    status: 'queued',
    queuedAt: deps.clock.now().toISOString(),
  });
}
