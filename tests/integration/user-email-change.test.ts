// A user's e-mail address (docs/rules.md, Users): one's own is read-only (the profile says to ask an administrator),
// and whoever manages users changes another's in the Edit User dialog. The users list finds the new address, a
// password link mailed to the old one no longer works, and the old one is told of the change and by whom.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { lastMailTo, mailsTo, passwordLinkMail } from '../support/outbox.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();
const resetTokenIn = (mail: string | undefined) => /reset-password\?token=([\w-]+)/.exec(mail ?? '')?.[1];

describe("a user's e-mail address", () => {
  it('is changed by an administrator: the list finds the new one, and a link mailed to the old one is void', async () => {
    const coach = await given.api.signIn('coach');
    const jamie = (await call(given.api, contracts.userList, { search: 'jamie' }, coach)).body.data[0]!;
    await call(given.api, contracts.sendPasswordLink, { login: 'jamie', domain: 'demo' });
    const token = resetTokenIn(lastMailTo(given.stack.outboxDir, jamie.emailAddress, passwordLinkMail))!;

    const changed = await call(
      given.api,
      contracts.editUser,
      { id: jamie.id, emailAddress: 'jamie.new@demo.example.com' },
      coach,
    );
    expect(changed).toMatchObject({ status: 200, body: { emailAddress: 'jamie.new@demo.example.com' } });
    const found = await call(given.api, contracts.userList, { search: 'jamie.new@' }, coach);
    expect(found.body.data.map((row) => row.id)).toEqual([jamie.id]);
    const late = await call(given.api, contracts.resetPassword, { token, newPassword: 'jamie-old-mail-pass' });
    expect([late.status, late.body.code]).toEqual([400, 'RESET_LINK_INVALID']);

    // The old address is told where the mail goes now, and who changed it.
    const notice = mailsTo(given.stack.outboxDir, jamie.emailAddress).find((mail) => mail.includes('was changed'));
    expect(notice).toContain('changed the e-mail address of your Demo account to jamie.new@demo.example.com');
    await call(given.api, contracts.sendPasswordLink, { login: 'jamie', domain: 'demo' });
    expect(lastMailTo(given.stack.outboxDir, 'jamie.new@demo.example.com', passwordLinkMail)).toBeDefined();
  });

  it("is not one's own to change (403 OWN_EMAIL), nor a player's to change of another (403); nothing changes", async () => {
    const alex = await given.api.signIn('alex');
    const me = (await call(given.api, contracts.currentUser, {}, alex)).body;
    const own = await call(
      given.api,
      contracts.editUser,
      { id: me.id, emailAddress: 'alex.new@demo.example.com' },
      alex,
    );
    expect([own.status, own.body.code]).toEqual([403, 'OWN_EMAIL']);
    const coach = await given.api.signIn('coach');
    const sam = (await call(given.api, contracts.userList, { search: 'sam' }, coach)).body.data[0]!;
    const other = await call(given.api, contracts.editUser, { id: sam.id, emailAddress: 'x@demo.example.com' }, alex);
    expect(other.status).toBe(403);
    expect((await call(given.api, contracts.currentUser, {}, alex)).body.emailAddress).toBe(me.emailAddress);
    expect((await call(given.api, contracts.userList, { id: sam.id }, coach)).body.data[0]!.emailAddress).toBe(
      sam.emailAddress,
    );
  });

  it('refuses an address that is not one (400) and changes nothing', async () => {
    const coach = await given.api.signIn('coach');
    const sam = (await call(given.api, contracts.userList, { search: 'sam' }, coach)).body.data[0]!;
    const bad = await call(given.api, contracts.editUser, { id: sam.id, emailAddress: 'not-an-address' }, coach);
    expect(bad.status).toBe(400);
    expect((await call(given.api, contracts.userList, { id: sam.id }, coach)).body.data[0]!.emailAddress).toBe(
      sam.emailAddress,
    );
  });
});
