// The ImportUsers job (docs/rules.md, Users CSV import): reads the uploaded file back, checks every line
// before creating anyone, then creates the valid users 500 lines at a time through createUserAccounts,
// noting the progress after each batch. A re-run (the same file again, or this job after a crash) creates
// nobody twice: a taken login whose user has the line's e-mail counts as already there.
import { type CsvLine, type RefusedLine, readUsersCsv } from '#domain/accounts/users-csv.ts';
import type { Client } from '#domain/auth/user.ts';
import type { NewUser } from '#domain/auth/user.ts';
import { createUserAccounts, type UserOutcome } from '../accounts/user-accounts.ts';
import type { Deps } from '../adapters/deps.ts';
import type { JobRequest } from '../adapters/job-queue.ts';
import { liveClient } from '../store/clients.ts';
import { getRole, listClientRoles } from '../store/roles.ts';
import { getUser } from '../store/users.ts';
import { findUserByLogin } from '../store/account-claims.ts';
import { getJobFile } from '../store/job-files.ts';
import { noteJobProgress } from '../store/job-records.ts';

const batchSize = 500;
const reportedRefusals = 1000;
// A job's record is one item of 400 KB at most: the report keeps its lines within this, however long their reasons.
const reportedBytes = 300 * 1024;
const lookupsAtOnce = 25;

/** The permissions of the role the job's actor holds now. */
async function permissionsOf(deps: Deps, job: JobRequest) {
  const actor = await getUser(deps, job.clientId, job.actorId);
  const role = actor && (await getRole(deps, actor.roleId));
  return role?.permissions ?? [];
}

/**
 * Why a line whose login is taken is refused, or undefined when it is 'already there': its user, not deleted, has the
 * line's e-mail (the same person imported before). A deleted user's login stays theirs (docs/rules.md, Users).
 */
async function takenRefusal(deps: Deps, client: Client, user: NewUser) {
  const existing = await findUserByLogin(deps, client.id, user.login);
  if (existing?.emailAddress.toLowerCase() !== user.emailAddress.toLowerCase())
    return 'login already taken in the client by another user';
  return existing.deletedAt ? 'login of a deleted user, never given again' : undefined;
}

export async function importUsers(deps: Deps, job: JobRequest, clientId: number): Promise<Record<string, number>> {
  const client = await liveClient(deps, clientId);
  const file = await getJobFile(deps, job.clientId, job.jobId);
  if (!file) throw new Error('The uploaded file is no longer kept; upload it again');
  const roles = (await listClientRoles(deps, client.id)).filter((role) => role.clientId === client.id);
  const csv = readUsersCsv(file, { roles, importer: { permissions: await permissionsOf(deps, job) } });
  const counts = { total: csv.total, created: 0, existing: 0, refused: 0 };
  const refused: RefusedLine[] = [];
  let refusedBytes = 0;
  // The first lines only, in line order: once one does not fit, no later (shorter) one is listed after a gap.
  let full = false;
  const report = (lines: RefusedLine[]) => {
    for (const line of lines) {
      const bytes = Buffer.byteLength(JSON.stringify(line));
      full ||= refused.length === reportedRefusals || refusedBytes + bytes > reportedBytes;
      if (full) return;
      refused.push(line);
      refusedBytes += bytes;
    }
  };
  await noteJobProgress(deps, job, { progress: { done: 0, total: csv.total } });

  for (let start = 0; start < csv.lines.length; start += batchSize) {
    const batch: CsvLine[] = csv.lines.slice(start, start + batchSize);
    const asked = batch.flatMap((line) => ('user' in line ? [line.user] : []));
    const outcomes = asked.length
      ? await createUserAccounts(
          deps,
          client,
          asked.map(({ line: _line, ...user }) => user),
          (index) => `job ${job.jobId}, line ${asked[index]!.line}`,
        )
      : [];
    const taken: { line: number; user: NewUser }[] = [];
    const outcomeOf = new Map<number, UserOutcome>(asked.map((user, index) => [user.line, outcomes[index]!]));
    const batchRefused: RefusedLine[] = [];
    const refuse = (line: RefusedLine) => batchRefused.push(line);
    for (const line of batch) {
      if ('refused' in line) {
        refuse(line.refused);
        continue;
      }
      const outcome = outcomeOf.get(line.user.line)!;
      if ('created' in outcome) counts.created++;
      else if (outcome.code === 'LOGIN_TAKEN') taken.push({ line: line.user.line, user: line.user });
      else refuse({ line: line.user.line, login: line.user.login, reason: outcome.refused });
    }
    for (let at = 0; at < taken.length; at += lookupsAtOnce) {
      const group = taken.slice(at, at + lookupsAtOnce);
      const refusals = await Promise.all(group.map(({ user }) => takenRefusal(deps, client, user)));
      group.forEach(({ line, user }, index) => {
        const reason = refusals[index];
        if (reason) refuse({ line, login: user.login, reason });
        else counts.existing++;
      });
    }
    counts.refused += batchRefused.length;
    report(batchRefused.sort((a, b) => a.line - b.line));
    const done = Math.min(start + batchSize, csv.lines.length);
    // The last note carries the report, so it is there when the job shows as finished.
    await noteJobProgress(deps, job, {
      progress: { done, total: csv.total },
      ...(done === csv.lines.length ? { report: { refused } } : {}),
    });
  }
  if (csv.lines.length === 0) await noteJobProgress(deps, job, { report: { refused: [] } });
  return counts;
}
