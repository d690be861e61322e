// Pushes to a player's devices (docs/rules.md, Push notifications): beside a mail, when the player turned that kind's
// push on. One push per player, kind and occasion, by the claims' rule the mails follow (store/mail-claims.ts), under
// a key of its own beside the mail's; at most pushLimits.perMinute pushes a player a minute (one conditional update
// per minute's counter), more are dropped. A device whose push service says it is gone (404, 410) is forgotten;
// any other failure is logged and keeps nothing else from going out.
import { type PushKind, type PushMessage, pushLimits } from '#domain/push/push-kinds.ts';
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { keys } from './keys.ts';
import { type ClaimTerms, sendOnce } from './mail-claims.ts';
import { deletePushSubscription, listPushSubscriptions, type PushSubscriptionRecord } from './push-subscriptions.ts';
import { type Key, updateIf } from './state-table.ts';

type PushDeps = Pick<Deps, 'db' | 'tables' | 'clock' | 'push'>;

export interface PushRecipient {
  id: number;
  clientId: number;
  push?: readonly PushKind[];
}

export type PushResult = 'pushed' | 'alreadyPushed' | 'off' | 'noDevices' | 'throttled' | 'failed';

/** Takes one of the player's pushes of this minute: false when the minute's are used up. */
async function takePushSlot(deps: PushDeps, player: PushRecipient) {
  const minute = Math.floor(deps.clock.now().getTime() / 60_000);
  return updateIf(deps, keys.pushRate(player.clientId, player.id, minute), {
    set: 'ADD pushes :one SET #ttl = :ttl',
    when: 'attribute_not_exists(pushes) OR pushes < :max',
    values: { ':one': 1, ':max': pushLimits.perMinute, ':ttl': (minute + 10) * 60 },
    names: { '#ttl': 'ttl' },
  });
}

/** Sends one push to each of the player's devices. */
async function pushToDevices(
  deps: PushDeps,
  player: PushRecipient,
  devices: readonly PushSubscriptionRecord[],
  message: PushMessage,
) {
  await Promise.all(
    devices.map(async (device) => {
      const sent = await deps.push.send(device, message);
      // A device its service forgot is dropped; failing to drop it must not undo the claim the others were pushed under.
      if (sent.outcome === 'gone')
        await deletePushSubscription(deps, player.clientId, player.id, device.endpoint).catch((error: unknown) =>
          logger.warn('A gone push device could not be dropped', { userId: player.id, error }),
        );
      if (sent.outcome === 'failed')
        logger.warn('Push not delivered', {
          userId: player.id,
          host: new URL(device.endpoint).host,
          reason: sent.reason,
        });
    }),
  );
}

/**
 * Pushes the message to the player's devices once for the occasion (the key of the mail's claim, or another key of
 * the occasion) when the player turned the kind on. Never throws: a push never fails the job or call it rides on.
 */
export async function pushOnce(
  deps: PushDeps,
  player: PushRecipient,
  kind: PushKind,
  occasion: Key,
  message: PushMessage,
  terms: ClaimTerms = {},
): Promise<PushResult> {
  if (!player.push?.includes(kind)) return 'off';
  try {
    const devices = await listPushSubscriptions(deps, player.clientId, player.id);
    if (devices.length === 0) return 'noDevices';
    let result: PushResult = 'pushed';
    const sent = await sendOnce(
      deps,
      keys.pushSent(occasion),
      async () => {
        if (!(await takePushSlot(deps, player))) {
          result = 'throttled';
          logger.warn('Push dropped: the player had their pushes of the minute', { userId: player.id, kind });
          return;
        }
        await pushToDevices(deps, player, devices, message);
      },
      terms,
    );
    return sent ? result : 'alreadyPushed';
  } catch (error) {
    logger.error('Push not sent', { userId: player.id, kind, error });
    return 'failed';
  }
}
