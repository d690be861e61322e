// npm run bootstrap-admin -- --login ada --email ada@example.com [--first-name Ada --last-name Lovelace]
// Against a deployed stack (the table names come from cdk-outputs.json, which `npm run deploy` writes): makes the
// system client, the System Administrator role and the first system administrator, and mails them a link to
// choose their password. Run again, it changes nothing.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { parseWith } from '#domain/contracts/contract.ts';
import { email, login, name } from '#domain/contracts/fields.ts';
import { depsFromEnv } from '../functions/adapters/deps.ts';
import { bootstrapAdministrator } from '../functions/seed/system-tenant.ts';
import { tables } from '../functions/store/tables.ts';

const { values } = parseArgs({
  options: {
    login: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string', default: 'System' },
    'last-name': { type: 'string', default: 'Administrator' },
    outputs: { type: 'string', default: 'cdk-outputs.json' },
  },
});
if (!values.login || !values.email) {
  console.error('usage: npm run bootstrap-admin -- --login LOGIN --email ADDRESS [--first-name F --last-name L]');
  process.exit(2);
}

type Outputs = Record<string, Record<string, string>>;
const outputs = JSON.parse(readFileSync(values.outputs, 'utf8')) as Outputs;
const env = { ...process.env };
for (const table of tables) env[table.envVar] ??= outputs.PickemData?.[table.envVar.replace('_', '')];
env.MAIL_FROM ??= outputs.PickemApi?.MailFrom;
env.PUBLIC_BASE_DOMAIN ??= outputs.PickemApi?.PublicBaseDomain;
if (!env.PUBLIC_BASE_DOMAIN) {
  console.error(
    'The stack has no domainName: deploy with -c domainName=… so the administrator has a site to sign in at.',
  );
  process.exit(2);
}

const person = parseWith(
  z.object({ login, emailAddress: email, firstName: name('First name'), lastName: name('Last name') }),
  {
    login: values.login,
    emailAddress: values.email,
    firstName: values['first-name'],
    lastName: values['last-name'],
  },
);
const result = await bootstrapAdministrator(depsFromEnv(env), person);
console.log(
  result === 'created'
    ? `Made ${values.login}, a system administrator; a link to choose the password went to ${values.email}. Sign in at https://admin.${env.PUBLIC_BASE_DOMAIN}`
    : `${values.login} already exists in the system client; nothing changed (use "Forgot password" to get a new link).`,
);
