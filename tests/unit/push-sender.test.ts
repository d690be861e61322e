// Our Web Push request (functions/adapters/push-sender.ts) held to web-push's own library, which we do not bundle:
// its encryption library (http_ece) opens our RFC 8291 body, its JWS library verifies our RFC 8292 token, and it
// takes our key pair as a VAPID key pair.
import { createECDH, createPublicKey, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  encryptPayload,
  generateVapidKeys,
  pushRequest,
  vapidAuthorization,
} from '../../functions/adapters/push-sender.ts';

const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: unknown; authSecret: string }): Buffer;
};
const jws = require('jws') as {
  verify(token: string, algorithm: string, key: string): boolean;
  decode(token: string): { header: unknown; payload: string | object };
};

function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
}

describe('the push request', () => {
  it("encrypts the payload as web-push's http_ece reads aes128gcm", () => {
    const { ecdh, keys } = device();
    const payload = JSON.stringify({
      title: 'Week 9',
      body: 'Place your picks',
      url: 'https://demo.example.com/#/picks',
    });
    const body = encryptPayload(keys, Buffer.from(payload));
    const opened = ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: keys.auth });
    expect(opened.toString()).toBe(payload);
    expect(() => encryptPayload(keys, Buffer.alloc(4000))).toThrow('too long');
  });

  it("signs a VAPID token web-push's JWS library verifies, with a key pair web-push takes", () => {
    const keys = generateVapidKeys();
    expect(() => webpush.setVapidDetails('mailto:no-reply@example.com', keys.publicKey, keys.privateKey)).not.toThrow();
    const header = vapidAuthorization(keys, 'https://push.example.net', 'mailto:no-reply@example.com', Date.now());
    const [, token, key] = /^vapid t=(\S+), k=(\S+)$/.exec(header)!;
    expect(key).toBe(keys.publicKey);
    const point = Buffer.from(keys.publicKey, 'base64url');
    const pem = createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
    })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    expect(jws.verify(token!, 'ES256', pem)).toBe(true);
    const claims = jws.decode(token!).payload;
    expect(typeof claims === 'string' ? JSON.parse(claims) : claims).toMatchObject({
      aud: 'https://push.example.net',
      sub: 'mailto:no-reply@example.com',
    });
  });

  it('posts to the endpoint with the headers web-push would send', () => {
    const { keys } = device();
    const vapid = generateVapidKeys();
    const request = pushRequest(
      vapid,
      'mailto:no-reply@example.com',
      { endpoint: 'https://push.example.net/send/abc', keys },
      { title: 't', body: 'b', url: 'https://demo.example.com/' },
      { ttlSeconds: 3600, nowMs: Date.now() },
    );
    const theirs = webpush.generateRequestDetails({ endpoint: 'https://push.example.net/send/abc', keys }, 'x', {
      vapidDetails: { subject: 'mailto:no-reply@example.com', ...vapid },
      TTL: 3600,
    });
    const lower = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .map((name) => name.toLowerCase())
        .sort();
    expect(request.method).toBe(theirs.method);
    expect(lower(request.headers)).toEqual(expect.arrayContaining(lower(theirs.headers)));
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('3600');
  });
});
