// Web Push (docs/rules.md, Push notifications): the key a browser subscribes with, and the caller's own devices.
import * as z from 'zod/mini';
import { pushLimits } from '../push/push-kinds.ts';
import { int, text } from './answers.ts';
import { answer, defineContract } from './contract.ts';
import { wellFormed } from './fields.ts';

/** A push service's address: an absolute http(s) URL (where it may point is the server's outbound rule). */
const endpoint = z.string({ error: 'endpoint is required' }).check(
  z.minLength(1, 'endpoint is required'),
  z.maxLength(pushLimits.endpoint, `endpoint must be at most ${pushLimits.endpoint} characters`),
  wellFormed('endpoint'),
  z.refine((value) => {
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'endpoint must be an https address'),
);

// base64url without or with padding; the last character's unused bits must be zero, so the length is exact.
/** An uncompressed P-256 point: 65 bytes, the first 0x04. */
const p256dh = z
  .string({ error: 'keys.p256dh is required' })
  .check(
    z.regex(/^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]=?$/, 'keys.p256dh must be a 65-byte P-256 public key in base64url'),
  );
/** The authentication secret: 16 bytes. */
const auth = z
  .string({ error: 'keys.auth is required' })
  .check(z.regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, 'keys.auth must be a 16-byte secret in base64url'));

export const pushKey = defineContract({
  method: 'GET',
  path: '/Services/api/User/push-key',
  input: 'query',
  summary: "The server's VAPID public key (base64url), the applicationServerKey a browser subscribes to push with",
  request: z.object({}),
  response: answer<{ publicKey: string }>(z.object({ publicKey: text })),
});

export const addPushSubscription = defineContract({
  method: 'POST',
  path: '/Services/api/User/add-push-subscription',
  input: 'json',
  invalidates: [],
  summary: `Keeps a device's push subscription (a browser's PushSubscription.toJSON()) for the caller; the same endpoint again updates it, and beyond ${pushLimits.subscriptions} devices the one added longest ago is replaced`,
  request: z.object({
    endpoint,
    expirationTime: z.optional(z.nullable(z.number())),
    keys: z.object({ p256dh, auth }, { error: 'keys must hold p256dh and auth' }),
  }),
  response: answer<{ subscriptions: number; replaced: number }>(z.object({ subscriptions: int, replaced: int })),
});

export const deletePushSubscription = defineContract({
  method: 'POST',
  path: '/Services/api/User/delete-push-subscription',
  input: 'json',
  invalidates: [],
  summary: "Removes one of the caller's own push subscriptions by its endpoint",
  request: z.object({ endpoint }),
  response: answer<{ subscriptions: number }>(z.object({ subscriptions: int })),
  refusals: [404],
});

export const pushContracts = { pushKey, addPushSubscription, deletePushSubscription };
