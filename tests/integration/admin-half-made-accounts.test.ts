// An account a crash left half-made is made whole (docs/invariants.md): a login claim committed alone becomes the user
// and its directory row, mailed once; a claim an index names but no item holds makes nothing; logins claimed without
// a user by older code are released by the start-up's migration.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type Client, type User, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import { finishPendingAccounts } from '../../functions/accounts/user-accounts.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { jobLeaseMs } from '../../functions/store/job-records.ts';
import { createStandardRoles } from '../../functions/store/roles.ts';
import { getUser } from '../../functions/store/users.ts';
import { claimLogin, type LoginClaim, readClaim } from '../../functions/store/account-claims.ts';
import { keys } from '../../functions/store/keys.ts';
import { deleteItem, putItem } from '../../functions/store/state-table.ts';
import { migrateOrphanLoginClaims } from '../../functions/store/migrate-login-claims.ts';
import { listDirectory } from '../../functions/store/user-directory.ts';
import { mailsTo, passwordLinkMail } from '../support/outbox.ts';
import { clientWithAdministrators, createUser, useAdministrationStack } from './support/administration.ts';
import { call } from './support/call.ts';

const given = useAdministrationStack();

describe('an account a crash left half-made', () => {
  const newcomer = (client: Client, login: string, id: number): User => ({
    id,
    clientId: client.id,
    login,
    displayName: login,
    emailAddress: `${login}@crash.example.com`,
    firstName: 'Half',
    lastName: 'Made',
    middleName: '',
    phoneNumber: '',
    status: UserStatus.Active,
    roleId: 0,
    passwordHash: '',
    dateCreated: '2026-11-22T12:00:00Z',
  });

  it('committed by its login claim only: the start-up check writes the user and directory row and mails once', async () => {
    const { client } = await clientWithAdministrators('crash-claims', 1);
    const [bettor] = await createStandardRoles(given.stack.deps, client.id);
    const user = { ...newcomer(client, 'halfway', await given.stack.deps.ids.next('user')), roleId: bettor!.id };
    // What a process killed right after the commit point leaves behind.
    expect(await claimLogin(given.stack.deps, user, { mail: 'pending' })).toHaveProperty('claimed');
    expect(await getUser(given.stack.deps, client.id, user.id)).toBeUndefined();
    // Within a job's lease of its making, its creator may still be at work (mailing): the upkeep leaves it to it.
    const madeAt = Date.parse(user.dateCreated);
    const early = { ...given.stack.deps, clock: fixedClock(new Date(madeAt + jobLeaseMs - 1000)) };
    expect(await finishPendingAccounts(early)).toBe(0);
    expect(mailsTo(given.stack.outboxDir, user.emailAddress, passwordLinkMail)).toHaveLength(0);

    expect(await finishPendingAccounts(given.stack.deps)).toBeGreaterThanOrEqual(1);
    expect(await finishPendingAccounts(given.stack.deps)).toBe(0);
    expect(await getUser(given.stack.deps, client.id, user.id)).toMatchObject({ login: 'halfway' });
    expect((await listDirectory(given.stack.deps, client.id)).map((row) => row.login)).toContain('halfway');
    expect(mailsTo(given.stack.outboxDir, user.emailAddress, passwordLinkMail)).toHaveLength(1);
  });

  /**
   * The deps with a pending-accounts index that also names `claims` no item holds: what a kill between the local
   * database's index write and its item write leaves (dynalite writes the index first), and what a lagging DynamoDB
   * index may answer for a moment.
   */
  const indexNaming = (deps: Deps, claims: LoginClaim[]): Deps => ({
    ...deps,
    db: {
      send: async (command: QueryCommand) => {
        const answer = await deps.db.send(command);
        const pending =
          command instanceof QueryCommand &&
          command.input.IndexName === 'GSI1' &&
          command.input.ExpressionAttributeValues?.[':pk'] === keys.pendingAccounts;
        return pending ? { ...answer, Items: [...claims, ...(answer.Items ?? [])] } : answer;
      },
    } as unknown as Deps['db'],
  });

  it('a pending claim the index names but no item holds makes no account and no mail: the login is then made once', async () => {
    const { client, admins } = await clientWithAdministrators('phantom-claims', 1);
    const [bettor] = await createStandardRoles(given.stack.deps, client.id);
    const user = { ...newcomer(client, 'phantom', await given.stack.deps.ids.next('user')), roleId: bettor!.id };

    await finishPendingAccounts(indexNaming(given.stack.deps, [{ userId: user.id, user, mail: 'pending' }]));
    expect(await getUser(given.stack.deps, client.id, user.id)).toBeUndefined();
    expect(await readClaim(given.stack.deps, client.id, 'phantom')).toBeUndefined();
    expect((await listDirectory(given.stack.deps, client.id)).map((row) => row.login)).not.toContain('phantom');
    expect(mailsTo(given.stack.outboxDir, user.emailAddress, passwordLinkMail)).toHaveLength(0);

    const created = await createUser(
      { login: 'phantom', emailAddress: user.emailAddress, displayName: 'P', firstName: 'P', lastName: 'H' },
      admins[0]!.token,
    );
    expect(created.status).toBe(201);
    expect((await listDirectory(given.stack.deps, client.id)).filter((row) => row.login === 'phantom')).toHaveLength(1);
    expect(mailsTo(given.stack.outboxDir, user.emailAddress, passwordLinkMail)).toHaveLength(1);
  });

  it("logins claimed without a user by older code are released by the start-up's migration: check-login says free and the login can be made", async () => {
    const { deps } = given.stack;
    const { client, admins } = await clientWithAdministrators('orphan-claims', 1);
    await createStandardRoles(deps, client.id);
    // A claim whose user was never written, and an item naming no user at all (a claim completed once it was gone).
    await putItem(deps, { ...keys.loginClaim(client.id, 'ghost'), userId: 999_999 });
    await putItem(deps, { ...keys.loginClaim(client.id, 'stray'), mail: 'sent' });
    // The stack migrated its database on start: this one is as an older release left it.
    await deleteItem(deps, keys.migration('orphan-login-claims'));
    expect(await migrateOrphanLoginClaims(deps)).toBe(2);
    expect(await migrateOrphanLoginClaims(deps)).toBeUndefined();
    for (const login of ['ghost', 'stray']) {
      const check = await call(given.api, contracts.checkLogin, { login, domain: client.domain });
      expect(check.body).toEqual({ login, available: true });
      const created = await createUser(
        { login, emailAddress: `${login}@crash.example.com`, displayName: 'G', firstName: 'G', lastName: 'H' },
        admins[0]!.token,
      );
      expect(created.status).toBe(201);
    }
  });
});
