// The app installs to a phone's home screen: its web manifest and icons, the service worker that keeps the build's
// files (never an API answer) and shows the offline page without a network, and the prompt that offers a deploy's
// new version. Reads the built app: `npm run build:web` first.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../infra/local/api-server.ts';
import { testFolder } from '../support/global-setup.ts';
import { unexpectedProblems } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** The worker that runs the page's registration, once it has installed and activated: its script's path. */
const activeWorker = (page: Page) =>
  page.evaluate(async () => new URL((await navigator.serviceWorker.ready).active!.scriptURL).pathname);

const controller = (page: Page) =>
  page.evaluate(
    () => navigator.serviceWorker.controller && new URL(navigator.serviceWorker.controller.scriptURL).pathname,
  );

/** Every cache of the origin and the paths of what it holds. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      held[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return held;
  });

/** The hashed files index.html names itself: the entry script and its styles. */
const namedAssets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"]')]
      .map((element) => new URL('src' in element ? element.src : element.href).pathname)
      .filter((path) => path.startsWith('/assets/')),
  );

describe('the app installs to the home screen', () => {
  it('links a manifest with the brand’s name and colours whose icons are served at their sizes', async () => {
    const { context, page, problems } = await app.newPage();
    await page.goto(app.stack.url);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const { type, manifest } = await page.evaluate(async (url) => {
      const answer = await fetch(url);
      return { type: answer.headers.get('content-type'), manifest: (await answer.json()) as WebManifest };
    }, href!);
    expect(type).toBe('application/manifest+json');
    expect(manifest).toMatchObject({
      name: "Pick'em",
      short_name: "Pick'em",
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    // The brand's colours, as the app's own tokens and the page's theme-color say them.
    const brand = await page.evaluate(() => {
      const tokens = getComputedStyle(document.documentElement);
      return {
        primary: tokens.getPropertyValue('--color-primary').trim(),
        background: tokens.getPropertyValue('--color-bg').trim(),
        themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      };
    });
    expect(manifest.theme_color).toBe(brand.primary);
    expect(manifest.background_color).toBe(brand.background);
    expect(brand.themeColor).toBe(brand.primary);

    const icons = await page.evaluate(
      (listed) =>
        Promise.all(
          listed.map(async (icon) => {
            const answer = await fetch(icon.src);
            const png = new DataView(await answer.arrayBuffer());
            // A PNG's signature, then its IHDR chunk: width and height at bytes 16 and 20.
            const signature = [...new Uint8Array(png.buffer, 0, 8)].join(' ');
            return {
              purpose: icon.purpose ?? 'any',
              sizes: icon.sizes,
              served: `${answer.status} ${answer.headers.get('content-type')} ${signature}`,
              drawn: `${png.getUint32(16)}x${png.getUint32(20)}`,
            };
          }),
        ),
      manifest.icons,
    );
    for (const icon of icons) expect(icon.served, icon.sizes).toBe('200 image/png 137 80 78 71 13 10 26 10');
    expect(icons.map(({ purpose, drawn }) => `${purpose} ${drawn}`).sort()).toEqual([
      'any 192x192',
      'any 512x512',
      'maskable 512x512',
    ]);
    for (const icon of icons) expect(icon.drawn).toBe(icon.sizes);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the service worker controls the page after a reload and keeps the build’s files, never an API answer', async () => {
    const { context, page, problems } = await app.openAs('alex');
    expect(await activeWorker(page)).toBe('/sw.js');
    // It takes no page over by itself: the page it registered from runs as it started.
    expect(await controller(page)).toBe(null);
    const worker = await page.evaluate(async () => (await fetch('/sw.js')).headers.get('cache-control'));
    expect(worker).toBe('no-cache');

    const apiAnswers: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/Services/'))
        apiAnswers.push(`${response.fromServiceWorker() ? 'worker' : 'network'} ${new URL(response.url()).pathname}`);
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await controller(page)).toBe('/sw.js');
    // The controlled page reads the API as before, from the network.
    expect(apiAnswers).toContain('network /Services/user');
    expect(apiAnswers.filter((answer) => !answer.startsWith('network '))).toEqual([]);

    // A lazy page's chunk is kept once fetched; nothing but the build's files and the offline page is.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    const held = await cached(page);
    const [name, ...others] = Object.keys(held);
    expect(others).toEqual([]);
    expect(name).toMatch(/^pickem-/);
    const paths = held[name!]!;
    expect(paths).toEqual(expect.arrayContaining(['/offline.html', '/offline.js', ...(await namedAssets(page))]));
    expect(paths.filter((path) => !path.startsWith('/assets/') && !path.startsWith('/offline.'))).toEqual([]);
    expect(paths.filter((path) => /leaderboard/i.test(path)).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offline, a navigation shows the offline page, the build’s files still load and the API does not', async () => {
    const { context, page, problems } = await app.openAs('alex');
    await activeWorker(page);
    const entry = (await namedAssets(page)).find((path) => path.endsWith('.js'))!;

    await context.setOffline(true);
    // The address changes without the router seeing it; the reload is the navigation.
    await page.evaluate(() => history.replaceState(null, '', '#/picks'));
    await page.reload();
    await page.getByRole('heading', { name: "You're offline", level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await page.title()).toBe("You're offline · Pick'em");
    const reads = await page.evaluate(async (script) => {
      const read = (path: string) =>
        fetch(path).then(
          (answer) => `${answer.status}`,
          () => 'failed',
        );
      return { script: await read(script), api: await read('/Services/user') };
    }, entry);
    expect(reads).toEqual({ script: '200', api: 'failed' });

    // Back online, the page opens the address asked for by itself. (Retry is not tried offline: Chromium's emulation
    // starts a page reloaded while offline as online, so it would never hear 'online' after.)
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Picks', level: 1 }).waitFor();
    expect(page.url()).toMatch(/#\/picks$/);
    expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('after a deploy', () => {
  // A site of its own, a copy of the build: the test deploys a new worker to it while the page is open.
  const site = testFolder('pickem-installable-');
  let server: Server;
  let siteUrl: string;
  beforeAll(async () => {
    cpSync('web/dist', site, { recursive: true });
    server = createApiServer(site, () => {
      throw new Error('The signed-out sign-in page calls no API');
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((closed) => server.close(() => closed()));
  });

  it('offers the new version, which Reload puts in charge with a fresh page, its old caches gone', async () => {
    const { context, page, problems } = await app.newPage();
    await page.goto(siteUrl);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await activeWorker(page);
    const [oldCache] = Object.keys(await cached(page));
    expect(oldCache).toMatch(/^pickem-\w+$/);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    expect(await prompt.count()).toBe(0);

    // The deploy: a worker of another build.
    const build = oldCache!.slice('pickem-'.length);
    const worker = readFileSync(join(site, 'sw.js'), 'utf8');
    expect(worker).toContain(build);
    writeFileSync(join(site, 'sw.js'), worker.replace(build, 'nextbuild'));

    // The next visit finds it; it waits, and the page says so.
    await page.reload();
    await prompt.waitFor();
    expect(await controller(page)).toBe('/sw.js');
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    expect(await prompt.count()).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting)).toBe(null);
    await expect.poll(async () => Object.keys(await cached(page))).toEqual(['pickem-nextbuild']);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
