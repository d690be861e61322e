// Every page of every role at a laptop's 1366×768 and a phone's 390×844: no navigation item is cut off, no table is
// wider than its card unless it scrolls inside it with a visible hint, and the page never scrolls sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tenantUrl } from './support/app.ts';
import { useBrowserStack } from './support/browser-stack.ts';

const app = useBrowserStack();

const laptop = { width: 1366, height: 768 };
const phone = { width: 390, height: 844 };

const profilePages = ['/profile/settings', '/profile/account-settings', '/profile/notifications', '/profile/wallet'];
const playerPages = ['/dashboard', '/leaderboard', '/picks', '/my-picks', ...profilePages];
const roles = [
  { login: 'alex', password: 'pickem-demo', domain: undefined, pages: playerPages },
  {
    login: 'coach',
    password: 'pickem-demo',
    domain: undefined,
    pages: [...playerPages, '/users', '/missing-picks', '/third-party-picks', '/games-and-odds', '/management/roles'],
  },
  {
    login: 'admin',
    password: 'pickem-admin',
    domain: 'admin',
    pages: [
      '/dashboard',
      '/leaderboard',
      '/users',
      '/games-and-odds',
      '/management/clients',
      '/management/roles',
      '/management/teams',
      '/management/sports',
      '/management/spreads',
      '/processes',
      '/methods',
      ...profilePages,
    ],
  },
] as const;

/** What a page does wrong at its size, in words; an empty list when it fits. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} px)`);
    for (const nav of document.querySelectorAll<HTMLElement>('nav')) {
      const box = nav.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const link of nav.querySelectorAll<HTMLElement>('a, button')) {
        const item = link.getBoundingClientRect();
        if (item.width === 0) continue;
        if (item.left < box.left - 1 || item.right > box.right + 1 || item.right > window.innerWidth)
          problems.push(`nav item '${link.textContent?.trim()}' is cut off`);
      }
    }
    for (const wrap of document.querySelectorAll<HTMLElement>('.ui-table-wrap')) {
      const overflowing = wrap.scrollWidth > wrap.clientWidth + 1;
      if (!overflowing) continue;
      const name = wrap.getAttribute('aria-label');
      const hint = wrap.parentElement?.querySelector<HTMLElement>('.ui-table-hint');
      // The leaderboard with its picks shown is a grid wider than any laptop: it scrolls under its sticky players.
      const wideGrid = name?.startsWith('Leaderboard');
      if (window.innerWidth > 900 && !wideGrid)
        problems.push(`table '${name}' is ${wrap.scrollWidth} px in ${wrap.clientWidth} px`);
      else if (!hint || hint.getBoundingClientRect().height === 0)
        problems.push(`table '${name}' scrolls sideways without a visible hint`);
    }
    return problems;
  });
}

/** The requests the page has in flight, as Playwright sees them leave and come back. */
function inFlight(page: Page) {
  const pending = new Set<unknown>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return pending;
}

/** Whether the page shows a heading and no loading indicator. */
const looksDone = () =>
  [...document.querySelectorAll('h1, h2')].some((heading) => heading.checkVisibility()) &&
  !document.querySelector('.ui-loading-overlay, [role="status"][aria-label]');

/**
 * Until the page looks done and waits on no request, and still does two frames later: what a user sees as done.
 * Checked every frame: Playwright's own waits look again only every half second after their first few tries.
 */
async function shown(page: Page, pending: ReadonlySet<unknown>) {
  for (;;) {
    await page.waitForFunction(looksDone, undefined, { polling: 'raf' });
    await expect.poll(() => pending.size).toBe(0);
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    if (pending.size === 0 && (await page.evaluate(looksDone))) return;
  }
}

async function screenshot(page: Page, name: string) {
  const folder = process.env.LAYOUT_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: false });
}

describe('every page fits at 1366×768 and at 390×844', () => {
  for (const viewport of [laptop, phone]) {
    for (const role of roles) {
      it(`${role.login}'s pages at ${viewport.width}×${viewport.height}: no cut-off nav item, no table wider than its card, no sideways scroll`, async () => {
        const url = role.domain ? tenantUrl(app.stack.url, role.domain) : app.stack.url;
        const { context, page } = await app.openAs(role.login, { password: role.password, url, viewport });
        const pending = inFlight(page);
        const found: string[] = [];
        for (const path of role.pages) {
          await page.goto(`${url}/#${path}`);
          await shown(page, pending);
          await screenshot(page, `${role.login}-${viewport.width}${path.replaceAll('/', '-')}`);
          found.push(...(await layoutProblems(page)).map((problem) => `${path}: ${problem}`));
        }
        expect(found).toEqual([]);
        await context.close();
      });
    }
  }
});
