import { describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { RoleType } from '#domain/auth/user.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { putRole } from '../support/put-role.ts';
import { contracts } from '#domain/contracts/api.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const header = 'login,email,first name,last name,display name,phone,role';
const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

/** 20 rows: line 5 has a bad e-mail, line 9 an unknown role, line 14 repeats the login of line 3. */
const twentyRows = () => {
  const rows = Array.from({ length: 20 }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    return `csvuser${n},csvuser${n}@example.com,First${n},Last${n},Player ${n},555-01${n},Bettor`;
  });
  rows[3] = 'csvuser04,not-an-address,First04,Last04,Player 04,,Bettor';
  rows[7] = 'csvuser08,csvuser08@example.com,First08,Last08,Player 08,,Coach';
  rows[12] = 'CSVUSER02,other@example.com,First13,Last13,Player 13,,Bettor';
  return [header, ...rows].join('\n') + '\n';
};

async function importCsv(token: string, file: string, clientId?: number) {
  return call(given.api, contracts.importUsers, { file, clientId }, token);
}

/** Uploads the file, lets the job run and answers its finished status. */
async function importAndWait(token: string, file: string, clientId?: number) {
  const started = await importCsv(token, file, clientId);
  expect(started.status).toBe(202);
  expect(started.body).toEqual({ jobId: expect.any(Number), status: 'queued' });
  await given.stack.settled();
  const status = await call(given.api, contracts.jobStatus, { id: started.body.jobId }, token);
  expect(status.status).toBe(200);
  return status.body;
}

const logins = async (token: string, search: string) => {
  const page = await call(given.api, contracts.userList, { search, limit: '100' }, token);
  return page.body.data.map((user) => user.login).sort();
};

describe('users CSV import', () => {
  it('creates the valid rows of a 20-row file, reports the 3 bad lines with their reasons, and a re-run creates none (a deleted user’s line refused)', async () => {
    const coach = await given.api.signIn('coach');
    const first = await importAndWait(coach, base64(twentyRows()));
    expect(first).toMatchObject({
      status: 'succeeded',
      counts: { total: 20, created: 17, existing: 0, refused: 3 },
      progress: { done: 20, total: 20 },
      report: {
        refused: [
          { line: 5, login: 'csvuser04', reason: 'Email is not valid' },
          { line: 9, login: 'csvuser08', reason: "unknown role 'Coach'" },
          { line: 14, login: 'CSVUSER02', reason: 'duplicate login in the file, first on line 3' },
        ],
      },
    });
    const created = await logins(coach, 'csvuser');
    expect(created).toHaveLength(17);
    expect(created).not.toContain('csvuser04');

    const again = await importAndWait(coach, base64(twentyRows()));
    expect(again).toMatchObject({ status: 'succeeded', counts: { total: 20, created: 0, existing: 17, refused: 3 } });
    expect(await logins(coach, 'csvuser')).toHaveLength(17);

    // A deleted user's login stays theirs: the line is refused, not counted as already there.
    const [first01] = (await call(given.api, contracts.userList, { search: 'csvuser01' }, coach)).body.data;
    expect((await call(given.api, contracts.deleteUser, { id: first01!.id }, coach)).status).toBe(200);
    const afterDelete = await importAndWait(coach, base64(twentyRows()));
    expect(afterDelete).toMatchObject({ counts: { total: 20, created: 0, existing: 16, refused: 4 } });
    expect(afterDelete.report?.refused[0]).toEqual({
      line: 2,
      login: 'csvuser01',
      reason: 'login of a deleted user, never given again',
    });
  });

  it('reports 1,200 refused lines with long cells: the report keeps 1,000 of them, each login and quoted cell clipped, and the job succeeds', async () => {
    const coach = await given.api.signIn('coach');
    const long = (letter: string) => letter.repeat(500);
    const rows = Array.from({ length: 1200 }, (_, index) =>
      index % 2
        ? `${long('a')}${index},a${index}@example.com,First,Last,Player,,Bettor`
        : `longrole${index},l${index}@example.com,First,Last,Player,,${long('r')}`,
    );
    const status = await importAndWait(coach, base64([header, ...rows].join('\n')));
    expect(status).toMatchObject({ status: 'succeeded', counts: { total: 1200, created: 0, refused: 1200 } });
    const refused = status.report!.refused;
    expect(refused).toHaveLength(1000);
    expect(refused[0]).toEqual({ line: 2, login: 'longrole0', reason: `unknown role '${'r'.repeat(40)}…'` });
    expect(refused[1]).toEqual({ line: 3, login: `${'a'.repeat(64)}…`, reason: 'Login must be at most 64 characters' });
  });

  it('keeps its report within a job record however long the reasons: its first lines, 1,000 naming a role of 100 CJK characters', async () => {
    const demo = (await findClientByDomain(given.stack.deps, demoDomain))!;
    const roleName = '役'.repeat(100);
    await putRole(given.stack.deps, {
      id: await given.stack.deps.ids.next('role'),
      name: roleName,
      clientId: demo.id,
      roleType: RoleType.UserCreated,
      permissions: [Permission.SetBets],
    });
    const coach = await given.api.signIn('coach');
    // The last 200 are refused for a short reason: none of them is listed after the long ones stopped fitting.
    const rows = Array.from({ length: 1200 }, (_, index) =>
      index < 1000
        ? `${'k'.repeat(56)}${String(index).padStart(4, '0')},k${index}@example.com,F,L,P,,${roleName}`
        : `short${index},not-an-address,F,L,P,,Bettor`,
    );
    const status = await importAndWait(coach, base64([header, ...rows].join('\n')));
    expect(status).toMatchObject({ status: 'succeeded', counts: { total: 1200, created: 0, refused: 1200 } });
    const refused = status.report!.refused;
    expect(refused[0]).toEqual({
      line: 2,
      login: `${'k'.repeat(56)}0000`,
      reason: `Giving the role '${roleName}' needs the permission 'delete clients'`,
    });
    expect(refused.length).toBeGreaterThan(500);
    expect(refused.length).toBeLessThan(1000);
    // The first lines, in order, without a gap: 'the first N' is true.
    expect(refused.map((line) => ('line' in line ? line.line : 0))).toEqual(refused.map((_, index) => index + 2));
    // Within 300 KB of lines, so the record stays under DynamoDB's 400 KB an item (dynalite does not enforce it).
    const bytes = refused.reduce((sum, line) => sum + Buffer.byteLength(JSON.stringify(line)), 0);
    expect(bytes).toBeLessThanOrEqual(300 * 1024);
  });

  it('a CSV import is listed in Recent imports with its rows done of all rows, for its own client only', async () => {
    const coach = await given.api.signIn('coach');
    const file = base64(
      `${header}\nrecent1,recent1@example.com,R,One,R One,,Bettor\nrecent2,bad,R,Two,R Two,,Bettor\n`,
    );
    const job = await importAndWait(coach, file);
    const recent = (await call(given.api, contracts.importJobList, { limit: 5 }, coach)).body;
    expect(recent.find((listed) => listed.jobId === job.jobId)).toMatchObject({
      type: 'ImportUsers',
      status: 'succeeded',
      counts: { created: 1, refused: 1 },
      progress: { done: 2, total: 2 },
    });
    const rivalAdmin = await given.api.signIn('rival-admin', 'pickem-demo', 'rival');
    const rivals = (await call(given.api, contracts.importJobList, { limit: 50 }, rivalAdmin)).body;
    expect(rivals.filter((listed) => listed.type === 'ImportUsers')).toEqual([]);
  });

  it('reads a BOM, CRLF line ends, the columns in another order, quoted commas and a quoted line break', async () => {
    const coach = await given.api.signIn('coach');
    const file =
      '\uFEFF' +
      [
        'Role,Display Name,E-mail,Login,Last_Name,First Name,Phone,Notes',
        'bettor,"Lee, Ann",mixann@example.com,mixann,"Lee, Jr.",Ann,,"met at the club,\r\nlikes the Jets"',
        'Bettor,Bo,mixbo@example.com,mixbo,Bo,Bo,+1 555 0100,',
        'Bettor,Cy,bad,mixcy,Cy,Cy,,',
      ].join('\r\n') +
      '\r\n';
    const status = await importAndWait(coach, base64(file));
    expect(status).toMatchObject({
      status: 'succeeded',
      counts: { total: 3, created: 2, refused: 1 },
      report: { refused: [{ line: 5, login: 'mixcy', reason: 'Email is not valid' }] },
    });
    const page = await call(given.api, contracts.userList, { search: 'mixann' }, coach);
    expect(page.body.data).toEqual([
      expect.objectContaining({ login: 'mixann', displayName: 'Lee, Ann', lastName: 'Lee, Jr.', role: 'Bettor' }),
    ]);
  });

  it('refuses at once, changing nothing, a file that is not a users CSV or not base64', async () => {
    const coach = await given.api.signIn('coach');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const binary = await importCsv(coach, base64(png));
    expect(binary.status).toBe(400);
    expect(binary.body.error).toMatch(/not a CSV of users/);

    const noHeader = await importCsv(coach, base64('nohead,nohead@example.com,A,B,C,,Bettor\n'));
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.error).toMatch(/lacks the columns/);

    const notBase64 = await importCsv(coach, 'login,email\n');
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.error).toMatch(/base64/);

    const tooLarge = await importCsv(coach, base64(new Uint8Array(4 * 1024 * 1024 + 3).fill(0x41)));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toMatch(/4 MB/);

    expect(await logins(coach, 'nohead')).toEqual([]);
  });

  it('needs the permission to create users, and another client needs the permission to delete clients', async () => {
    const file = base64(`${header}\nperm1,perm1@example.com,P,One,P One,,Bettor\n`);
    expect((await importCsv(await given.api.signIn('alex'), file)).status).toBe(403);

    const rival = await findClientByDomain(given.stack.deps, 'rival');
    const coach = await given.api.signIn('coach');
    const otherClient = await importCsv(coach, file, rival!.id);
    expect(otherClient.status).toBe(403);
    expect(otherClient.body.error).toBe('You can only import users into your own client');

    // The system administrator imports into another client and reads the job's status; the client's own
    // administrator does not see a job it did not start.
    const admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
    const started = await importCsv(admin, file, rival!.id);
    expect(started.status).toBe(202);
    await given.stack.settled();
    const status = await call(given.api, contracts.jobStatus, { id: started.body.jobId }, admin);
    expect(status.body).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
    const rivalAdmin = await given.api.signIn('rival-admin', 'pickem-demo', 'rival');
    expect((await call(given.api, contracts.jobStatus, { id: started.body.jobId }, rivalAdmin)).status).toBe(404);
    expect(await logins(rivalAdmin, 'perm1')).toEqual(['perm1']);
  });
});
