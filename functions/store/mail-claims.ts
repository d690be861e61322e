// Mails (and pushes: functions/store/push-claims.ts) sent at most once per key (a pick reminder per player and week, a
// nudge per player and day, an announcement per player): the key is claimed with a conditional put before the mail
// goes out and marked sent after. A claim whose mail was never marked sent (the sender crashed in between) is taken
// again at once by a later attempt of the same run (its `sender`), by another once it is stale, and the mail goes out
// again under the same mail id (the local outbox keeps it once; SES may deliver it twice: a crash between the send and
// its mark costs a duplicate rather than a lost mail, as do two attempts of one run alive at once, a lease taken over
// from a holder still working); a failed send gives the claim back. A fresh claim of another sender, not marked sent,
// is neither sent nor skipped: ClaimInFlightError, so the run goes again later.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../adapters/deps.ts';
import type { Mail } from '../adapters/mailer.ts';
import { getItem, type Key, putIfFree, updateIf } from './state-table.ts';

/** How long a claim without a sent mail belongs to its sender; after that another sender takes it over. */
export const claimStaleMs = 60_000;

/** How a claim is held: kept for good unless `expiresAt`; `sender` is the run's id, the same in each of its attempts. */
export interface ClaimTerms {
  expiresAt?: Date | undefined;
  sender?: string | undefined;
}

/**
 * Another sender holds the claim and has not marked it sent: whether it will is not known yet. A transient fault
 * (`$retryable`, as the SDK marks one), so the run counts it failed and goes again, when the claim is sent or stale.
 */
export class ClaimInFlightError extends Error {
  override readonly name = 'ClaimInFlightError';
  readonly $retryable = {};
}

/** The mail's id for the mailer: one per claim, so a resend is the same mail. */
const mailIdOf = (key: Key) => `${key.PK}-${key.SK}`.replace(/[^\w.@-]/g, '-');

/**
 * Claims the key for this sender: its claim's token when taken (new, given back, stale, or its own), else undefined
 * when it was sent. The token tells the claim a timeout made the SDK send again (refused by its own first attempt),
 * or an earlier attempt of the run made, from another sender's.
 */
async function claim(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, key: Key, { expiresAt, sender }: ClaimTerms) {
  const now = deps.clock.now().toISOString();
  const token = sender ?? randomUUID();
  const held = await putIfFree<{ claimToken?: string; sentAt?: string }>(
    deps,
    {
      ...key,
      claimedAt: now,
      claimToken: token,
      ...(expiresAt ? { ttl: Math.floor(expiresAt.getTime() / 1000) } : {}),
    },
    // Ours only while unsent: the run's earlier attempt may have sent it.
    (item) => item.claimToken === token && item.sentAt === undefined,
  );
  if (!held) return token;
  const stale = new Date(Date.parse(now) - claimStaleMs).toISOString();
  const retaken = await updateIf(deps, key, {
    set: 'SET claimedAt = :now, claimToken = :token',
    when: 'attribute_not_exists(sentAt) AND (attribute_not_exists(claimedAt) OR claimedAt < :stale OR claimToken = :token)',
    values: { ':now': now, ':stale': stale, ':token': token },
  });
  if (retaken) return token;
  const current = await getItem<{ sentAt?: string }>(deps, key);
  if (current && current.sentAt === undefined)
    throw new ClaimInFlightError(`${key.PK} ${key.SK} is being sent by another run`);
  return undefined;
}

/** Sends the mail unless its key was claimed before: true when sent now, false when sent before. */
export const mailOnce = (
  deps: Pick<Deps, 'db' | 'tables' | 'clock' | 'mailer'>,
  key: Key,
  mail: Mail,
  terms: ClaimTerms = {},
): Promise<boolean> => sendOnce(deps, key, (id) => deps.mailer.send({ id, ...mail }), terms);

/**
 * Sends whatever `send` sends (a mail, a push) unless the key was claimed before, by the claims' rule above: true
 * when sent now. `send` is given the claim's id, the same for a resend.
 */
export async function sendOnce(
  deps: Pick<Deps, 'db' | 'tables' | 'clock'>,
  key: Key,
  send: (id: string) => Promise<void>,
  terms: ClaimTerms = {},
): Promise<boolean> {
  const token = await claim(deps, key, terms);
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
