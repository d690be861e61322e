// The local server's web app files: cached as CloudFront caches them (infra/aws/web-stack.ts) and compressed as
// CloudFront compresses them. Raw bytes over node:http, as fetch would undo the compression.
import { mkdirSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../infra/local/api-server.ts';
import { testFolder } from '../support/global-setup.ts';

const immutable = 'public, max-age=31536000, immutable';
const webRoot = testFolder('pickem-site-');
mkdirSync(join(webRoot, 'assets'));
const indexHtml = '<!doctype html><title>x</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>';
const script = Array.from({ length: 200 }, (_, i) => `export const answer${i} = () => 'pick ${i}';\n`).join('');
const picture = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
writeFileSync(join(webRoot, 'index.html'), indexHtml);
writeFileSync(join(webRoot, 'assets/index-Ab12Cd34.js'), script);
writeFileSync(join(webRoot, 'assets/logo-Ef56Gh78.png'), picture);
writeFileSync(join(webRoot, 'site.webmanifest'), JSON.stringify({ name: 'Pick’em', icons: [], x: script }));

const siteServer = (root: string) =>
  createApiServer(root, () => {
    throw new Error('This test serves no API call');
  });
let server: Server;
beforeAll(async () => {
  server = siteServer(webRoot);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((closed) => server.close(() => closed()));
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, from = server): Promise<RawAnswer> {
  const { port } = from.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

const scriptPath = '/assets/index-Ab12Cd34.js';

describe('the local server caches the web app as CloudFront does', () => {
  it('lets browsers keep hashed assets a year without asking again', async () => {
    for (const path of [scriptPath, '/assets/logo-Ef56Gh78.png']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe(immutable);
    }
  });

  it('has browsers revalidate index.html, client routes and other unhashed files', async () => {
    for (const path of ['/', '/index.html', '/leaderboard/week', '/site.webmanifest']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
    expect((await get('/leaderboard/week')).body.toString()).toBe(indexHtml);
  });

  it('answers an unchanged file 304 without a body to a matching If-None-Match', async () => {
    const first = await get('/');
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/', { 'if-none-match': first.headers.etag! });
    expect(again).toMatchObject({ status: 304, body: Buffer.alloc(0) });
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await get('/', { 'if-none-match': 'W/"another"' })).status).toBe(200);
  });

  it('keeps the security headers, the 404 and the note that the app is not built', async () => {
    const missing = await get('/assets/missing-0000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(scriptPath)).headers['content-security-policy']).toMatch(/script-src 'self'/);
    const unbuilt = siteServer(join(webRoot, 'not-built'));
    await new Promise<void>((listening) => unbuilt.listen(0, '127.0.0.1', listening));
    try {
      const answer = await get('/', {}, unbuilt);
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).toMatch(/not built yet/);
    } finally {
      await new Promise<void>((closed) => unbuilt.close(() => closed()));
    }
  });
});

describe('the local server compresses text as CloudFront does', () => {
  it('sends br when the browser accepts it, with gzip too, and Content-Length of the compressed body', async () => {
    const answer = await get(scriptPath, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const answer = await get(scriptPath, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the file as it is without Accept-Encoding, or when the codings it names are refused', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const answer = await get(scriptPath, headers);
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(answer.headers['content-length'])).toBe(script.length);
      expect(answer.body.toString()).toBe(script);
    }
  });

  it('compresses other text too, a web manifest, but sends images and files under 1,000 bytes as they are', async () => {
    const accepting = { 'accept-encoding': 'br, gzip' };
    expect((await get('/site.webmanifest', accepting)).headers['content-encoding']).toBe('br');
    const image = await get('/assets/logo-Ef56Gh78.png', accepting);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body.equals(picture)).toBe(true);
    const page = await get('/', accepting);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.toString()).toBe(indexHtml);
  });

  it('serves and compresses a file again once a rebuild rewrites it', async () => {
    const accepting = { 'accept-encoding': 'br, gzip' };
    const before = await get('/site.webmanifest', accepting);
    const rebuilt = JSON.stringify({ name: 'Pick’em rebuilt', icons: [], x: script + script });
    writeFileSync(join(webRoot, 'site.webmanifest'), rebuilt);
    const after = await get('/site.webmanifest', accepting);
    expect(brotliDecompressSync(after.body).toString()).toBe(rebuilt);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/site.webmanifest', { 'if-none-match': before.headers.etag! })).status).toBe(200);
  });
});
