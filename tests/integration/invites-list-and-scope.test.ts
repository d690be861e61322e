// Invite links (docs/rules.md, Invites): the list holds the links that still work, and a holder of client management
// lists and withdraws another client's links by naming the client, as on the other invite routes.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { issueToken } from '../../functions/adapters/tokens.ts';
import { createAdminApi } from '../../functions/http/admin-api.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { call } from './support/call.ts';
import { callHandler } from './support/call-handler.ts';
import { newcomer } from './support/newcomer.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const register = (form: RequestOf<typeof contracts.register>) => call(given.api, contracts.register, form);

describe('invite links: the working list and the client they belong to', () => {
  it('the list holds only links that still work: an expired or used-up link leaves it, a working one stays', async () => {
    const coach = await given.api.signIn('coach');
    const listed = async (token: string) =>
      (await call(given.api, contracts.inviteList, {}, token)).body.data.map((row) => row.id);
    const daily = (await call(given.api, contracts.createInvite, { expiresInDays: 1 }, coach)).body;
    const weekly = (await call(given.api, contracts.createInvite, { expiresInDays: 7 }, coach)).body;
    const once = (await call(given.api, contracts.createInvite, { maxUses: 1 }, coach)).body;
    const twice = (await call(given.api, contracts.createInvite, { maxUses: 2 }, coach)).body;
    expect(await listed(coach)).toEqual(expect.arrayContaining([daily.id, weekly.id, once.id, twice.id]));

    // One sign-up uses up the single-use link; the two-use link has one left and stays.
    expect((await register(newcomer('demo', once.code))).status).toBe(201);
    expect((await register(newcomer('demo', twice.code))).status).toBe(201);
    const now = await listed(coach);
    expect(now).not.toContain(once.id);
    expect(now).toEqual(expect.arrayContaining([daily.id, weekly.id, twice.id]));

    // Two days on, the day-long link has expired and left the list; the week-long one still works.
    const later = fixedClock(new Date(Date.parse(daily.createdAt) + 2 * 24 * 3600 * 1000));
    const lateAdmin = createAdminApi(() => ({ ...given.stack.deps, clock: later }));
    const me = (await call(given.api, contracts.currentUser, {}, coach)).body;
    const lateToken = (
      await issueToken(
        { clock: later, signingKeys: given.stack.deps.signingKeys },
        { userId: me.id, clientId: me.clientId, roleId: me.roleId },
      )
    ).access_token;
    const afterTwoDays = (await callHandler(lateAdmin, contracts.inviteList, {}, lateToken)).body.data.map(
      (row) => row.id,
    );
    expect(afterTwoDays).not.toContain(daily.id);
    expect(afterTwoDays).not.toContain(once.id);
    expect(afterTwoDays).toEqual(expect.arrayContaining([weekly.id, twice.id]));
    // Newest first, as before.
    expect(afterTwoDays).toEqual([...afterTwoDays].sort((a, b) => b - a));
  });

  it('a system administrator lists and withdraws another client’s link by naming the client; a company administrator naming another client is refused as on the other invite routes', async () => {
    const coach = await given.api.signIn('coach');
    const sysadmin = await given.api.signIn('admin', adminPassword, 'admin');
    const rivalAdmin = await given.api.signIn('rival-admin', undefined, 'rival');
    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const rival = (await findClientByDomain(given.stack.deps, 'rival'))!;
    const listed = async (token: string, clientId?: number) =>
      (await call(given.api, contracts.inviteList, clientId === undefined ? {} : { clientId }, token)).body.data.map(
        (row) => row.id,
      );
    const demoLink = (await call(given.api, contracts.createInvite, {}, coach)).body;
    expect(await listed(sysadmin, demo.id)).toContain(demoLink.id);

    // Without the client named, the link is looked for under the system client: not there.
    expect(await call(given.api, contracts.deleteInvite, { id: demoLink.id }, sysadmin)).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_INVITE' },
    });
    // Named under another client than its own, it is not there either.
    expect(
      (await call(given.api, contracts.deleteInvite, { clientId: rival.id, id: demoLink.id }, sysadmin)).status,
    ).toBe(404);
    expect(await listed(coach)).toContain(demoLink.id);

    // A company administrator naming another client is refused (403) as on the other invite routes, and nothing
    // changes; naming his own client is the same as naming none.
    expect(
      (await call(given.api, contracts.deleteInvite, { clientId: demo.id, id: demoLink.id }, rivalAdmin)).status,
    ).toBe(403);
    expect(await listed(coach)).toContain(demoLink.id);
    const rivalLink = (await call(given.api, contracts.createInvite, {}, rivalAdmin)).body;
    expect(
      await call(given.api, contracts.deleteInvite, { clientId: rival.id, id: rivalLink.id }, rivalAdmin),
    ).toMatchObject({ status: 200 });
    expect(await listed(rivalAdmin)).not.toContain(rivalLink.id);

    // Named with its client, the system administrator withdraws it: it leaves the list and stops working.
    expect(
      await call(given.api, contracts.deleteInvite, { clientId: demo.id, id: demoLink.id }, sysadmin),
    ).toMatchObject({ status: 200, body: { message: 'The invite link has been withdrawn' } });
    expect(await listed(coach)).not.toContain(demoLink.id);
    expect(await listed(sysadmin, demo.id)).not.toContain(demoLink.id);
    expect(
      (await call(given.api, contracts.signUpRules, { domain: 'demo', inviteCode: demoLink.code })).body.invite,
    ).toMatchObject({ works: false });
    expect(
      (await call(given.api, contracts.deleteInvite, { clientId: demo.id, id: demoLink.id }, sysadmin)).status,
    ).toBe(404);
    // A client that does not exist is a 404, as on the other invite routes.
    expect((await call(given.api, contracts.deleteInvite, { clientId: 999_999, id: 1 }, sysadmin)).status).toBe(404);
  });
});
