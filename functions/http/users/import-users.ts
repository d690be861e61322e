// The users CSV upload (docs/rules.md, Users CSV import): checks what can be checked at once (the base64,
// the size, a UTF-8 header with the required columns) and hands the file to an ImportUsers job; the job's
// report, read with Job/status, says what became of every line.
import { assertUsersCsvHeader } from '#domain/accounts/users-csv.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { ForbiddenError, ValidationError } from '#domain/errors.ts';
import { liveClient } from '../../store/clients.ts';
import { putJobFile } from '../../store/job-files.ts';
import type { RouteImpl } from '../area-api.ts';
import type { Caller } from '../auth-guard.ts';
import { startJob } from '../imports/jobs.ts';

export const importUsersJob = 'ImportUsers';

// One character class, not groups of four: a pattern that repeats a group overflows the stack on megabytes.
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
// What a browser's FileReader.readAsDataURL puts before the base64.
const dataUrlPrefix = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,/;

/** The bytes of a base64 file: the standard alphabet with its padding, nothing else (no spaces, no line breaks). */
function decodeFile(file: string): Uint8Array {
  const text = file.replace(dataUrlPrefix, '');
  if (text.length % 4 !== 0 || !base64.test(text))
    throw new ValidationError(
      'file must be the content of the file in base64 (A-Z, a-z, 0-9, + and /, padded with = to a multiple of 4 characters)',
      undefined,
      'FILE_NOT_BASE64',
    );
  return Uint8Array.from(Buffer.from(text, 'base64'));
}

/** The caller's own client; another only for a holder of 'delete clients'. */
function targetClientId(caller: Caller, requested: number | undefined): number {
  if (requested === undefined || requested === caller.client.id) return caller.client.id;
  if (!caller.permissions.includes(Permission.DeleteClients))
    throw new ForbiddenError('You can only import users into your own client', 'OTHER_CLIENT');
  return requested;
}

export const importUsers: RouteImpl<'importUsers'> = async ({ input, caller }, deps) => {
  const clientId = targetClientId(caller, input.clientId);
  const file = decodeFile(input.file);
  assertUsersCsvHeader(file);
  await liveClient(deps, clientId);
  // The job record lives with the caller's client, so the caller reads its status whichever client it imports into.
  return startJob(deps, caller, importUsersJob, { clientId }, (jobId) =>
    putJobFile(deps, caller.client.id, jobId, file, deps.clock.now()),
  );
};
