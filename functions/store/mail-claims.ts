// Mails sent at most once per key (a pick reminder per player and week, a nudge per player and day, an announcement
// per player): the key is claimed with a conditional put before the mail goes out and marked sent after. A claim
// whose mail was never marked sent (the sender crashed in between) is taken again once it is stale, and the mail
// goes out again under the same mail id, which the outbox keeps once; a failed send gives the claim back.
import type { Deps } from '../adapters/deps.ts';
import type { Mail } from '../adapters/mailer.ts';
import { deleteItem, isConditionFailure, type Key, putItem, updateIf } from './state-table.ts';

/** How long a claim without a sent mail belongs to its sender; after that another sender takes it over. */
export const claimStaleMs = 60_000;

/** The mail's id for the mailer: one per claim, so a resend is the same mail. */
const mailIdOf = (key: Key) => `${key.PK}-${key.SK}`.replace(/[^\w.@-]/g, '-');

async function claim(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, key: Key, expiresAt?: Date): Promise<boolean> {
  const now = deps.clock.now();
  try {
    await putItem(
      deps,
      { ...key, claimedAt: now.toISOString(), ...(expiresAt ? { ttl: Math.floor(expiresAt.getTime() / 1000) } : {}) },
      { ifAbsent: true },
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return updateIf(deps, key, {
    set: 'SET claimedAt = :now',
    when: 'attribute_not_exists(sentAt) AND claimedAt < :stale',
    values: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - claimStaleMs).toISOString() },
  });
}

/** Sends the mail unless its key was claimed before: true when sent now. A claim kept forever unless `expiresAt`. */
export async function mailOnce(
  deps: Pick<Deps, 'db' | 'tables' | 'clock' | 'mailer'>,
  key: Key,
  mail: Mail,
  expiresAt?: Date,
): Promise<boolean> {
  if (!(await claim(deps, key, expiresAt))) return false;
  try {
    await deps.mailer.send({ id: mailIdOf(key), ...mail });
  } catch (error) {
    await deleteItem(deps, key);
    throw error;
  }
  await updateIf(deps, key, {
    set: 'SET sentAt = :now',
    when: 'attribute_exists(PK)',
    values: { ':now': deps.clock.now().toISOString() },
  });
  return true;
}
