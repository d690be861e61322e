// What the local stack's handlers are configured with, as a Lambda's are by its environment, the signing secret
// of its tokens (kept in the data folder, so a restart keeps everyone signed in) and the VAPID key pair of its pushes
// (kept there too, so the browsers' subscriptions outlive a restart).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVapidKeys, parseVapidKeys } from '../../functions/adapters/push-sender.ts';
import type { TableNames } from '../../functions/store/tables.ts';

export const jwtSecretId = 'local/pickem/jwt';
export const vapidSecretId = 'local/pickem/vapid';

/** The settings a Lambda of the AWS stack would have in its environment, for the local tables and emulators. */
export function localSettings(names: TableNames): Record<string, string> {
  return {
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    EVENTS_TABLE: names.events,
    STATE_TABLE: names.state,
    VIEWS_TABLE: names.views,
    JWT_SECRET_ARN: jwtSecretId,
    VAPID_SECRET_ARN: vapidSecretId,
    JOBS_FUNCTION_NAME: 'pickem-jobs',
    MAIL_FROM: "Pick'em <no-reply@pickem.localhost>",
    // Tenants' login-check systems may be http on this machine here; never set on AWS.
    LOGIN_DIRECTORY_ALLOW_LOOPBACK: '1',
    // Sports feeds too: a recorded feed on this machine stands in for ESPN or The Odds API; never set on AWS.
    FEEDS_ALLOW_LOOPBACK: '1',
    // Push services too: a test's server on this machine stands in for a browser vendor's; never set on AWS.
    PUSH_ALLOW_LOOPBACK: '1',
  };
}

export function signingSecret(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8');
}

/** The VAPID key pair (JSON, as the AWS secret holds it), made once into the data folder. */
export function vapidKeyPair(dataDir: string | undefined): string {
  if (!dataDir) return JSON.stringify(generateVapidKeys());
  const file = join(dataDir, 'vapid-keys.json');
  if (!existsSync(file) || !parseVapidKeys(readFileSync(file, 'utf8')))
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600 });
  return readFileSync(file, 'utf8');
}
