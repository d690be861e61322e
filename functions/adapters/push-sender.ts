// Web Push to a browser vendor's push service (RFC 8030): the payload encrypted for the subscription (RFC 8291,
// aes128gcm), the request signed for with our VAPID key (RFC 8292, an ES256 token), sent through the outbound guard:
// https to public addresses only (http to this machine only where the local stack allows it), a deadline and a
// bounded answer (functions/adapters/outbound-http.ts). Both are made with node:crypto, as web-push makes them
// (tests/unit/push-sender.test.ts holds ours to its library): web-push itself would add some 95 kB (its ASN.1 and
// JWS code) to every area bundle, which have no room for it.
import {
  createCipheriv,
  createECDH,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
} from 'node:crypto';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { PushMessage } from '#domain/push/push-kinds.ts';
import { guardedCall, type Network, type OutboundPolicy } from './outbound-http.ts';

/** A P-256 key pair as web-push writes it: the public key's 65-byte point and the private scalar, in base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What became of one push: delivered to the push service, the subscription gone (404, 410), or failed otherwise. */
export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'failed'; reason: string };

export interface PushSender {
  /** The VAPID public key; when the secret holds none yet and `make` is set, the key pair is made and kept first. */
  publicKey(options?: { make?: boolean }): Promise<string | undefined>;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** Where the VAPID key pair is kept: read, and made once (the first maker's pair is the one kept). */
export interface VapidKeyStore {
  read(): Promise<VapidKeys | undefined>;
  make(): Promise<VapidKeys>;
}

export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

export function parseVapidKeys(text: string | undefined): VapidKeys | undefined {
  try {
    const { publicKey, privateKey } = JSON.parse(text ?? '') as Partial<VapidKeys>;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return undefined;
    if (Buffer.from(publicKey, 'base64url').length !== 65 || Buffer.from(privateKey, 'base64url').length !== 32)
      return undefined;
    return { publicKey, privateKey };
  } catch {
    // The secret's first value, a random string the stack made, holds no pair yet.
    return undefined;
  }
}

/**
 * The key pair in a Secrets Manager secret (VAPID_SECRET_ARN; locally the runtime's emulator, which starts with the
 * pair kept in the data folder). The stack creates the secret with a random value; the first call that needs a pair
 * (the push-key call, before any browser can subscribe) makes one and puts it as the version with a fixed token, so
 * of two makers at once only the first one's pair is kept (a version's value cannot change) and both read that one.
 * The pair never rotates: every subscription was made with its public key.
 */
export function secretsManagerVapidKeys(client: Pick<SecretsManagerClient, 'send'>, secretId: string): VapidKeyStore {
  let known: VapidKeys | undefined;
  const read = async () => {
    if (known) return known;
    const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    known = parseVapidKeys(answer.SecretString);
    return known;
  };
  return {
    read,
    async make() {
      const existing = await read();
      if (existing) return existing;
      try {
        await client.send(
          new PutSecretValueCommand({
            SecretId: secretId,
            ClientRequestToken: 'pickem-vapid-key-pair-first-version',
            SecretString: JSON.stringify(generateVapidKeys()),
          }),
        );
      } catch (error) {
        // Another function put its pair first (the version exists): that one is read below. Anything else fails.
        if ((error as Error).name !== 'ResourceExistsException') throw error;
      }
      const made = await read();
      if (!made) throw new Error('The VAPID secret holds no key pair');
      return made;
    },
  };
}

/** A store for a function the environment gives no secret: it has no key pair and cannot make one. */
export const unsetVapidKeys = (envVar: string): VapidKeyStore => ({
  read: async () => undefined,
  make: () => Promise.reject(new Error(`${envVar} is not set`)),
});

/** The VAPID token for a push service's origin: ES256 over the header and claims, valid 12 hours. */
export function vapidAuthorization(keys: VapidKeys, audience: string, subject: string, nowMs: number) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode({
    aud: audience,
    exp: Math.floor(nowMs / 1000) + 12 * 60 * 60,
    sub: subject,
  })}`;
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

/** The record size the payload's one record is written with: a push body is at most 4096 bytes. */
const recordSize = 4096;

/**
 * RFC 8291: the payload encrypted for the subscription as one aes128gcm record (RFC 8188), keyed by a fresh server
 * key pair's agreement with the device's key and the device's auth secret; the header names the server's public key.
 */
export function encryptPayload(keys: PushTarget['keys'], payload: Buffer) {
  // The header (86 bytes), the padding delimiter and the tag must fit the one record too.
  if (payload.length > recordSize - 86 - 1 - 16) throw new Error('The push payload is too long');
  const device = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  const server = createECDH('prime256v1');
  const serverKey = server.generateKeys();
  const salt = randomBytes(16);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), device, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', server.computeSecret(device), auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // The last (and only) record ends with the delimiter 2, without further padding.
  const record = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(recordSize, 16);
  header.writeUInt8(serverKey.length, 20);
  return Buffer.concat([header, serverKey, record, cipher.getAuthTag()]);
}

/** The request a push is: POST of the encrypted payload with its encoding, lifetime and VAPID authorization. */
export function pushRequest(
  keys: VapidKeys,
  subject: string,
  target: PushTarget,
  message: PushMessage,
  options: { ttlSeconds: number; nowMs: number },
) {
  const url = new URL(target.endpoint);
  const cipherText = encryptPayload(target.keys, Buffer.from(JSON.stringify(message)));
  return {
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/octet-stream',
      'content-encoding': 'aes128gcm',
      'content-length': String(cipherText.length),
      ttl: String(options.ttlSeconds),
      urgency: 'normal',
      authorization: vapidAuthorization(keys, url.origin, subject, options.nowMs),
    },
    body: cipherText,
  };
}

export interface PushSenderOptions {
  network: Network;
  policy: OutboundPolicy;
  /** The VAPID subject the push services may contact: a mailto: or https: address. */
  subject: string;
  /** How long a push service keeps a push for a device that is offline. */
  ttlSeconds?: number;
  timeoutMs?: number;
}

export function pushSender(store: VapidKeyStore, options: PushSenderOptions): PushSender {
  const limits = { timeoutMs: options.timeoutMs ?? 5000, maxBodyBytes: 16 * 1024 };
  return {
    async publicKey({ make = false } = {}) {
      return (await (make ? store.make() : store.read()))?.publicKey;
    },
    async send(target, message) {
      try {
        const keys = await store.read();
        if (!keys) return { outcome: 'failed', reason: 'there is no VAPID key pair yet' };
        // The push service checks the token's expiry against the world's clock, never a stack's chosen time.
        const request = pushRequest(keys, options.subject, target, message, {
          ttlSeconds: options.ttlSeconds ?? 24 * 60 * 60,
          nowMs: Date.now(),
        });
        const answer = await guardedCall(options.network, options.policy, request, limits);
        if (answer.status === 404 || answer.status === 410) return { outcome: 'gone' };
        if (answer.status >= 200 && answer.status < 300) return { outcome: 'sent' };
        return { outcome: 'failed', reason: `the push service answered ${answer.status}` };
      } catch (error) {
        return { outcome: 'failed', reason: (error as Error).message };
      }
    },
  };
}

/** The VAPID subject from the configured sender of mail, `Pick'em <no-reply@example.com>` → mailto:no-reply@…. */
export function vapidSubject(mailFrom: string | undefined) {
  const address = /<([^>]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom ?? 'no-reply@example.com';
  return `mailto:${address.trim()}`;
}
