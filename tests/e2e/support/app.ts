// Helpers for driving the Pick'em web app in Chromium: tenant hosts, signing in.
import type { Browser, Page } from 'playwright-core';
import { tenantDomain } from '../../../web/src/lib/tenant.ts';
import { launchChromium } from './browser.ts';

/**
 * Chromium that also reaches `{tenant}.localhost` (the host's first label names the client),
 * still with every other host unresolvable so the browser never leaves the machine.
 */
export const launchTenantChromium = (): Promise<Browser> =>
  launchChromium('MAP *.localhost 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost');

/** The stack's URL on another tenant's host, e.g. http://admin.localhost:1234. */
export const tenantUrl = (stackUrl: string, domain: string) => stackUrl.replace('//localhost', `//${domain}.localhost`);

export const rulesStorageKey = 'pickem.rules.hidden';
export const tokenStorageKey = 'pickem.token';

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** Pretends the user ticked 'Don't show again', so the rules do not pop up over a long test. */
  hideRules?: boolean;
  timezoneId?: string;
}

export async function newAppContext(
  browser: Browser,
  { viewport = { width: 1440, height: 900 }, hideRules = false, timezoneId }: ContextOptions = {},
) {
  // Reduced motion (which the app honours) so the accessibility audit never measures a dialog mid-fade.
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(timezoneId && { timezoneId }) });
  if (hideRules) {
    await context.addInitScript(([key]) => localStorage.setItem(key!, '1.0'), [rulesStorageKey]);
  }
  return context;
}

/** A token from the stack's sign-in endpoint, as a script gets one; the tenant is the one `url`'s host names. */
export async function apiToken(stackUrl: string, login: string, password: string, url = stackUrl): Promise<string> {
  const answer = await fetch(`${stackUrl}/Services/token`, {
    method: 'POST',
    body: new URLSearchParams({ login, password, domain: tenantDomain(new URL(url).hostname) }),
  });
  const body = (await answer.json()) as { access_token?: string; error?: string };
  if (!body.access_token) throw new Error(`${login} could not sign in: ${answer.status} ${body.error}`);
  return body.access_token;
}

/**
 * Opens the app at `url` signed in with the token, as it is right after Sign In without 'Remember me' (the token in
 * this tab's session storage), on the Dashboard. The sign-in form itself is tried through signIn.
 */
export async function openSignedIn(page: Page, url: string, token: string) {
  await page.addInitScript(
    ([key, value]) => {
      // Once per tab, as a sign-in is: after Log Out a reload stays signed out.
      if (sessionStorage.getItem(`${key}.given`)) return;
      sessionStorage.setItem(`${key}.given`, '1');
      sessionStorage.setItem(key!, value!);
    },
    [tokenStorageKey, token],
  );
  await page.goto(url);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

export async function signIn(page: Page, url: string, login: string, password: string, { remember = false } = {}) {
  await page.goto(url);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** Console problems other than the browser's report of an HTTP status the test provoked on purpose. */
export function unexpectedProblems(problems: readonly string[], ...provokedStatuses: number[]): string[] {
  return problems.filter((problem) => {
    const status = /Failed to load resource: the server responded with a status of (\d+)/.exec(problem)?.[1];
    return !(status && provokedStatuses.includes(Number(status)));
  });
}

export const storedToken = (page: Page) =>
  page.evaluate((key) => ({ local: localStorage.getItem(key), session: sessionStorage.getItem(key) }), tokenStorageKey);

/** Follows a header navigation item, from the More menu when it does not fit in the header. */
export async function followNavItem(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: label, exact: true });
  const more = nav.getByRole('button', { name: 'More' });
  await link.or(more).first().waitFor();
  if (await link.isVisible()) return link.click();
  await more.click();
  await page.getByRole('menu', { name: 'More pages' }).getByRole('menuitem', { name: label, exact: true }).click();
}
