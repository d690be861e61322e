// What the web build adds to make the app installable (web/vite.config.ts): the service worker's list of files to keep
// names only files the build wrote, the first page load's among them; the manifest's icons are PNGs of their sizes;
// the local server, like the S3 upload (unhashed files), has browsers revalidate the worker and the manifest.
// Reads the built app: `npm run build:web` first (npm test does).
import { existsSync, readFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../infra/local/api-server.ts';

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const read = (file: string) => {
  if (!existsSync(`${dist}sw.js`)) throw new Error('web/dist has no service worker: run `npm run build:web` first');
  return readFileSync(`${dist}${file}`);
};

let server: Server;
beforeAll(async () => {
  server = createApiServer(dist.slice(0, -1), () => {
    throw new Error('This test serves no API call');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((closed) => server.close(() => closed()));
});

function headersOf(path: string): Promise<Record<string, string | string[] | undefined>> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: String(response.statusCode), ...response.headers }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the installable build', () => {
  it('has the worker keep the offline page and the first load’s files, every one of them written', () => {
    const worker = read('sw.js').toString();
    const precache = JSON.parse(/\["\/offline\.html"[^\]]*\]/.exec(worker)![0]) as string[];
    expect(precache.filter((path) => !existsSync(`${dist}${path.slice(1)}`))).toEqual([]);
    const html = read('index.html').toString();
    const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(precache).toEqual(expect.arrayContaining(['/offline.html', '/offline.js', ...named]));
    expect(precache.filter((path) => !path.startsWith('/assets/') && !path.startsWith('/offline.'))).toEqual([]);
  });

  it('draws the manifest’s icons at the sizes it names, one of them maskable', () => {
    const manifest = JSON.parse(read('manifest.webmanifest').toString()) as {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.icons.map((icon) => icon.purpose)).toContain('maskable');
    for (const icon of manifest.icons) {
      const png = read(icon.src.slice(1));
      expect(png.subarray(1, 4).toString(), icon.src).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it('serves the worker, the manifest and the offline page to be revalidated, with their types', async () => {
    const expected: Record<string, string> = {
      '/sw.js': 'text/javascript',
      '/manifest.webmanifest': 'application/manifest+json',
      '/offline.html': 'text/html; charset=utf-8',
      '/icons/icon-192.png': 'image/png',
    };
    for (const [path, type] of Object.entries(expected)) {
      const headers = await headersOf(path);
      expect([headers.status, headers['content-type'], headers['cache-control']], path).toEqual([
        '200',
        type,
        'no-cache',
      ]);
    }
  });
});
