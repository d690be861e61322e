// Web Push devices (docs/rules.md, Push notifications): the VAPID public key a browser subscribes with, and the
// caller's own subscriptions, kept under the caller's client (an endpoint another user of the client had, a shared
// browser, becomes the caller's alone) and removed only while they are the caller's.
import { createPublicKey } from 'node:crypto';
import { NotFoundError, ValidationError } from '#domain/errors.ts';
import { urlRefusal } from '../../adapters/outbound-http.ts';
import {
  deletePushSubscription as forgetSubscription,
  listPushSubscriptions,
  savePushSubscription,
} from '../../store/push-subscriptions.ts';
import type { RouteImpl } from '../area-api.ts';

export const pushKey: RouteImpl<'pushKey'> = async (_request, deps) => {
  // The first call anywhere makes the key pair; every later one reads it.
  const publicKey = await deps.push.publicKey({ make: true });
  if (!publicKey) throw new Error('The VAPID key pair could not be made');
  return { publicKey };
};

/** Whether the point is on P-256: a key the encryption would refuse at every push is refused now. */
function isP256Point(p256dh: string) {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
    });
    return true;
  } catch {
    return false;
  }
}

export const addPushSubscription: RouteImpl<'addPushSubscription'> = async ({ input, caller }, deps) => {
  // The pushes will go there through the outbound guard: an address it refuses is refused now, with its reason.
  const refusal = urlRefusal(input.endpoint, { allowLoopback: deps.settings.PUSH_ALLOW_LOOPBACK === '1' });
  if (refusal)
    throw new ValidationError(refusal.replace(/^Url/, 'endpoint'), [{ field: 'endpoint', message: refusal }]);
  if (!isP256Point(input.keys.p256dh))
    throw new ValidationError('keys.p256dh is not a point of P-256', [
      { field: 'keys.p256dh', message: 'not a P-256 point' },
    ]);
  return savePushSubscription(deps, {
    clientId: caller.client.id,
    userId: caller.user.id,
    endpoint: input.endpoint,
    keys: { p256dh: input.keys.p256dh, auth: input.keys.auth },
  });
};

export const deletePushSubscription: RouteImpl<'deletePushSubscription'> = async ({ input, caller }, deps) => {
  const deleted = await forgetSubscription(deps, caller.client.id, caller.user.id, input.endpoint);
  if (!deleted) throw new NotFoundError('You have no push subscription with this endpoint', 'UNKNOWN_SUBSCRIPTION');
  return { subscriptions: (await listPushSubscriptions(deps, caller.client.id, caller.user.id)).length };
};
