import { describe, expect, it } from 'vitest';
import { bootstrapAdministrator } from '../../functions/seed/system-tenant.ts';
import { contracts } from '#domain/contracts/api.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';
import { lastMailTo, mailsTo, passwordLinkMail } from '../support/outbox.ts';

// A fresh deployment: no demo data at all.
const given = useTestStack({ seed: false });

const ada = { login: 'ada', emailAddress: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const linkTokenIn = (mail: string | undefined) => /reset-password\?token=([\w-]+)/.exec(mail ?? '')?.[1];

describe('bootstrap-admin on an empty deployment', () => {
  it('makes the first system administrator, who chooses a password from the mailed link and can run clients', async () => {
    expect(await bootstrapAdministrator(given.stack.deps, ada)).toBe('created');
    const mail = lastMailTo(given.stack.outboxDir, 'ada@example.com', passwordLinkMail);
    expect(mail).toMatch(/Subject: Your Pick'em administrator account/);
    expect(mail).toContain(`http://admin.${new URL(given.stack.url).host}/#/reset-password?token=`);

    const chosen = await call(given.api, contracts.resetPassword, {
      token: linkTokenIn(mail)!,
      newPassword: 'first-admin-passphrase',
    });
    expect(chosen.status).toBe(200);
    const token = await given.api.signIn('ada', 'first-admin-passphrase', 'admin');
    const clients = await call(given.api, contracts.clientList, {}, token);
    expect(clients.status).toBe(200);
    expect(clients.body.data.map((client) => client.domain)).toEqual(['admin']);
  });

  it('changes nothing when run again: no second user, no second mail', async () => {
    expect(await bootstrapAdministrator(given.stack.deps, ada)).toBe('exists');
    expect(mailsTo(given.stack.outboxDir, 'ada@example.com', passwordLinkMail)).toHaveLength(1);
  });
});
