// Who reads a job's status (docs/rules.md, Jobs): the member who started it and whoever may start a job of its kind;
// anyone else of the client gets the answer a job that does not exist gets, and another client's members too.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import type { Client } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { JobType } from '#domain/contracts/job-types.ts';
import { queueJob } from '../../functions/store/job-records.ts';
import { createTenant, type Member, memberWith } from '../security/support/probe-tenants.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
// The jobs are queued for real (and fail at once, having no payload to run): they have run before the next test.
afterEach(() => given.stack.settled());

let league: Client;
let admin: Member;
let otherAdmin: Member;
let player: Member;
let rivalAdmin: Member;
let nextJobId = 9_100;

/** A job of the league recorded as the member started it. */
async function jobOf(type: JobType, starter: Member) {
  const jobId = (nextJobId += 1);
  await queueJob(
    given.stack.deps,
    { jobId, type, clientId: league.id, actorId: starter.user.id, payload: {} },
    starter.user.login,
  );
  return jobId;
}

const status = (member: Member, id: number) => call(given.api, contracts.jobStatus, { id }, member.token);

beforeAll(async () => {
  const deps = given.stack.deps;
  league = await createTenant(deps, 'Job League', 'job-league');
  admin = await memberWith(deps, league, companyAdminPermissions, { login: 'job-admin' });
  otherAdmin = await memberWith(deps, league, companyAdminPermissions, { login: 'job-admin-two' });
  player = await memberWith(deps, league, [Permission.SetBets, Permission.ViewOwnProfile], { login: 'job-player' });
  const rival = await createTenant(deps, 'Rival League', 'job-rival');
  rivalAdmin = await memberWith(deps, rival, companyAdminPermissions, { login: 'rival-job-admin' });
});

describe('a job’s status', () => {
  it('the administrator who started a users import and another administrator read it; a player does not', async () => {
    const jobId = await jobOf('ImportUsers', admin);
    expect((await status(admin, jobId)).status).toBe(200);
    expect((await status(otherAdmin, jobId)).body).toMatchObject({ jobId, type: 'ImportUsers' });
    const refused = await status(player, jobId);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'UNKNOWN_JOB' });
  });

  it('a player reads the job they started, whatever its kind', async () => {
    const jobId = await jobOf('MailAdminMessage', player);
    expect((await status(player, jobId)).body).toMatchObject({ jobId, type: 'MailAdminMessage' });
  });

  it('the import list shows only the jobs whose status the caller may read', async () => {
    const usersImport = await jobOf('ImportUsers', admin);
    const gamesImport = await jobOf('ImportGames', admin);
    const loader = await memberWith(given.stack.deps, league, [Permission.LoadGames], { login: 'job-loader' });
    const listed = async (member: Member) =>
      (await call(given.api, contracts.importJobList, { limit: 50 }, member.token)).body.map((job) => job.jobId);
    expect(await listed(otherAdmin)).toEqual(expect.arrayContaining([usersImport, gamesImport]));
    expect(await listed(loader)).toContain(gamesImport);
    expect(await listed(loader)).not.toContain(usersImport);
  });

  it('another client’s administrator never reads it', async () => {
    const jobId = await jobOf('ImportGames', admin);
    expect((await status(rivalAdmin, jobId)).status).toBe(404);
  });
});
