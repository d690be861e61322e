// One demo stack per e2e test file, Chromium shared with the process's other files, and the pages its tests
// open: at the stack's clock and the demo's time zone when the file sets `now`, each page checked for accessibility.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { LocalStack } from '../../../infra/local/stack.ts';
import type { LocalStackOptions } from '../../../infra/local/stack-options.ts';
import { type SharedGiven, startLocalTestStack } from '../../support/local-test-stack.ts';
import { testRunFolder } from '../../support/global-setup.ts';
import { AccessibilityAudit } from './accessibility.ts';
import { apiToken, launchTenantChromium, newAppContext, openSignedIn } from './app.ts';
import { watchConsole } from './browser.ts';

/**
 * One Chromium for every e2e file of a process (the files share one when vitest does not isolate them): each file
 * works in contexts of its own. Playwright closes it when the process ends.
 */
let chromium: Promise<Browser> | undefined;
async function sharedChromium() {
  // A launch that failed or a browser that died is replaced for the next file, not reported by every one.
  const running = await chromium?.catch(() => undefined);
  if (running?.isConnected()) return running;
  chromium = launchTenantChromium();
  return chromium;
}

/** The demo's sports are played in New York's time; the app then picks the same week as the server. */
const demoTimeZone = 'America/New_York';

export interface BrowserStackOptions {
  /** Runs once the stack is up, before the file's tests: the data they start from. */
  given?: (stack: LocalStack) => Promise<void>;
  /** Like `given`, made once per run and clock for every file that names it (startLocalTestStack). */
  sharedGiven?: SharedGiven;
  /** The stack's settings beyond its own (LocalStackOptions.settings), say DEMO_SEASON_START. */
  settings?: LocalStackOptions['settings'];
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Pretends the user ticked 'Don't show again' so the rules do not pop up over a test; true unless set. */
  hideRules?: boolean;
  /** The browser's time zone; the demo's (New York) when the file sets `now`, else the machine's. */
  timezoneId?: string;
  /** How far the device's clock is ahead of the stack's (a phone set wrong); 0 unless set. */
  clockAheadMs?: number;
}

export interface SignInOptions extends PageOptions {
  password?: string;
  /** The tenant's address; the demo client's unless set. */
  url?: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings and page errors, see watchConsole. */
  problems: string[];
}

export interface BrowserStack {
  readonly stack: LocalStack;
  readonly browser: Browser;
  newContext(options?: PageOptions): Promise<BrowserContext>;
  /** A page of its own context. */
  newPage(options?: PageOptions): Promise<OpenedPage>;
  /** A page of its own context, signed in (the demo password unless set) as after Sign In, on the Dashboard. */
  openAs(login: string, options?: SignInOptions): Promise<OpenedPage>;
}

/**
 * Registers the file's beforeAll, afterEach and afterAll: the stack (clock at `now` when set) and
 * Chromium start before the tests, each test fails on any accessibility violation of a page it
 * opened, and both stop after the tests.
 */
export function useBrowserStack(
  now?: string,
  { given, sharedGiven, settings }: BrowserStackOptions = {},
): BrowserStack {
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;
  const audit = new AccessibilityAudit(testRunFolder('axe'));
  const started = <T>(value: T | undefined, name: string): T => {
    if (!value) throw new Error(`${name} starts in beforeAll: use it inside a test or hook`);
    return value;
  };

  const newContext = async ({ viewport, hideRules = true, timezoneId, clockAheadMs = 0 }: PageOptions = {}) => {
    const zone = timezoneId ?? (now ? demoTimeZone : undefined);
    const context = await newAppContext(harness.browser, {
      ...(viewport && { viewport }),
      hideRules,
      ...(zone && { timezoneId: zone }),
    });
    if (now) await context.clock.install({ time: new Date(Date.parse(now) + clockAheadMs) });
    return context;
  };
  const newPage = async (options?: PageOptions) => {
    const context = await newContext(options);
    const page = await context.newPage();
    return { context, page, problems: watchConsole(page) };
  };
  const openAs = async (login: string, { password = 'pickem-demo', url, ...options }: SignInOptions = {}) => {
    const opened = await newPage(options);
    const at = url ?? harness.stack.url;
    await openSignedIn(opened.page, at, await apiToken(harness.stack.url, login, password, at));
    return opened;
  };
  const harness: BrowserStack = {
    get stack() {
      return started(stack, 'The local stack');
    },
    get browser() {
      return started(browser, 'Chromium');
    },
    newContext,
    newPage,
    openAs,
  };

  let stopAudit: (() => void) | undefined;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      // A given state is set up before any schedule fires (Live Scores, say, would start the games it picks on).
      startLocalTestStack(
        { dataDir: undefined, port: 0, seed: true, now, holdSchedules: given !== undefined, settings },
        sharedGiven,
      ),
      sharedChromium(),
    ]);
    stopAudit = audit.watch(browser);
    // Pages open on the seeded state as read: every seeded event projected.
    await stack.settled();
    await given?.(stack);
    stack.releaseSchedules();
  });
  afterEach(async () => {
    const violations = await audit.endOfTest();
    if (violations) throw new Error(violations);
  });
  afterAll(async () => {
    // The browser stays for the next file of this process; what this file opened goes, audited already.
    stopAudit?.();
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await stack?.close();
  });
  return harness;
}
