// Mails sent at most once per key (a pick reminder per player and week, a nudge per player and day): the key is
// claimed with a conditional put before the mail goes out and given back when sending fails, so a retry sends it.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import type { Mail } from '../adapters/mailer.ts';
import { deleteItem, type Key, putItem } from './state-table.ts';

/** Sends the mail unless its key was claimed before: true when sent now. A claim kept forever unless `expiresAt`. */
export async function mailOnce(
  deps: Pick<Deps, 'db' | 'tables' | 'clock' | 'mailer'>,
  key: Key,
  mail: Mail,
  expiresAt?: Date,
): Promise<boolean> {
  const claim = {
    ...key,
    sentAt: deps.clock.now().toISOString(),
    ...(expiresAt ? { ttl: Math.floor(expiresAt.getTime() / 1000) } : {}),
  };
  try {
    await putItem(deps, claim, { ifAbsent: true });
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await deleteItem(deps, key);
    throw error;
  }
  return true;
}
