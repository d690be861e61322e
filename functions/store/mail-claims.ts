// Mails (and pushes: functions/store/push-claims.ts) sent at most once per key (a pick reminder per player and week, a
// nudge per player and day, an announcement per player): the key is claimed with a conditional put before the mail
// goes out and marked sent after. A claim whose mail was never marked sent (the sender crashed in between) is taken
// again once it is stale, and the mail goes out again under the same mail id (the local outbox keeps it once; SES may
// deliver it twice: a crash between the send and its mark costs a duplicate rather than a lost mail); a failed send
// gives the claim back.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../adapters/deps.ts';
import type { Mail } from '../adapters/mailer.ts';
import { type Key, putIfFree, updateIf } from './state-table.ts';

/** How long a claim without a sent mail belongs to its sender; after that another sender takes it over. */
export const claimStaleMs = 60_000;

/** The mail's id for the mailer: one per claim, so a resend is the same mail. */
const mailIdOf = (key: Key) => `${key.PK}-${key.SK}`.replace(/[^\w.@-]/g, '-');

/**
 * Claims the key for this sender: its claim's token when taken (new, given back, or stale), else undefined. The
 * token tells the claim a timeout made the SDK send again (refused by its own first attempt) from another sender's.
 */
async function claim(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, key: Key, expiresAt?: Date) {
  const now = deps.clock.now().toISOString();
  const token = randomUUID();
  const held = await putIfFree<{ claimToken?: string }>(
    deps,
    {
      ...key,
      claimedAt: now,
      claimToken: token,
      ...(expiresAt ? { ttl: Math.floor(expiresAt.getTime() / 1000) } : {}),
    },
    (item) => item.claimToken === token,
  );
  if (!held) return token;
  const stale = new Date(Date.parse(now) - claimStaleMs).toISOString();
  const retaken = await updateIf(deps, key, {
    set: 'SET claimedAt = :now, claimToken = :token',
    when: 'attribute_not_exists(sentAt) AND (attribute_not_exists(claimedAt) OR claimedAt < :stale OR claimToken = :token)',
    values: { ':now': now, ':stale': stale, ':token': token },
  });
  return retaken ? token : undefined;
}

/** Sends the mail unless its key was claimed before: true when sent now. A claim kept forever unless `expiresAt`. */
export const mailOnce = (
  deps: Pick<Deps, 'db' | 'tables' | 'clock' | 'mailer'>,
  key: Key,
  mail: Mail,
  expiresAt?: Date,
): Promise<boolean> => sendOnce(deps, key, (id) => deps.mailer.send({ id, ...mail }), expiresAt);

/**
 * Sends whatever `send` sends (a mail, a push) unless the key was claimed before, by the claims' rule above: true
 * when sent now. `send` is given the claim's id, the same for a resend.
 */
export async function sendOnce(
  deps: Pick<Deps, 'db' | 'tables' | 'clock'>,
  key: Key,
  send: (id: string) => Promise<void>,
  expiresAt?: Date,
): Promise<boolean> {
  const token = await claim(deps, key, expiresAt);
  if (!token) return false;
  try {
    await send(mailIdOf(key));
  } catch (error) {
    // Given back only while it is still this sender's: a slow failure never frees a claim another has retaken.
    await updateIf(deps, key, {
      set: 'REMOVE claimedAt, claimToken',
      when: 'claimToken = :mine AND attribute_not_exists(sentAt)',
      values: { ':mine': token },
    });
    throw error;
  }
  await updateIf(deps, key, {
    set: 'SET sentAt = :now',
    when: 'attribute_exists(PK)',
    values: { ':now': deps.clock.now().toISOString() },
  });
  return true;
}
