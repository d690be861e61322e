// A browser vendor's push service stood in for on 127.0.0.1, and the browser's side of a subscription: the test holds
// each device's P-256 private key and auth secret, so it reads what the server pushed (RFC 8291) and checks the VAPID
// signature as a push service does (RFC 8292).
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { PushMessage } from '#domain/push/push-kinds.ts';

export interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The push service: records every request, answers 410 under /gone/ and 201 elsewhere. */
export async function startPushService() {
  const arrivals: Arrival[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      arrivals.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.url!.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    arrivalsAt: (path: string) => arrivals.filter((arrival) => arrival.path === path),
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

export type PushDevice = ReturnType<typeof pushDevice>;

/** A browser's subscription at the push service: its address, its P-256 key pair and its auth secret. */
export function pushDevice(origin: string, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    path,
    subscription: {
      endpoint: `${origin}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** RFC 8291 read back: the record's header names the server's key, the device's private key and auth open it. */
export function decryptPush(body: Buffer, { ecdh, auth }: { ecdh: ECDH; auth: Buffer }): PushMessage {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(serverKey), auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString()) as PushMessage;
}

/**
 * The VAPID authorization checked as a push service checks it: the token's signature by the key it names, for the
 * push service's origin (`audience`), expiring within a day (tokens are signed on the real clock).
 */
export function checkVapid(authorization: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, header, claims, signature, key] = match!;
  expect(key).toBe(publicKey);
  const point = Buffer.from(key!, 'base64url');
  const verifier = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const signed = Buffer.from(`${header}.${claims}`);
  expect(
    verify('sha256', signed, { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url')),
  ).toBe(true);
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  expect(aud).toBe(audience);
  expect(exp * 1000).toBeGreaterThan(Date.now());
  expect(exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
  expect(sub).toMatch(/^mailto:/);
}
