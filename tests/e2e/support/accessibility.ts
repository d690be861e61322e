// Every page an e2e test opens is checked with axe-core against WCAG 2.1 A and AA, so a page added
// later is checked without anyone having to remember it: the browser's every context is watched,
// each page is audited once it has settled after each navigation (each page kind, its address less the
// port and its viewport, once per file, or once per run when the run keeps a record), and again in the
// state the test leaves it in, when its context closes or the test ends, unless that page kind was audited
// with the same kinds of elements already (elementKinds in axe-world.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { runAxe, shownState, type Violation } from './axe-world.ts';

const shownTargets = 10;

interface Finding {
  /** The page's address and viewport, e.g. http://localhost:1234/#/dashboard at 1440×900. */
  where: string;
  violations: Violation[];
}

/** What a page is doing, so that axe runs only once it is idle and only one run at a time. */
interface PageState {
  navigations: number;
  requestsInFlight: number;
  requestsStarted: number;
  whenIdle: (() => void)[];
  queue: Promise<void>;
}

const isApiCall = (resourceType: string) => resourceType === 'fetch' || resourceType === 'xhr';

export class AccessibilityAudit {
  private readonly contexts = new Set<BrowserContext>();
  private readonly pages = new WeakMap<Page, PageState>();
  private readonly checked = new Set<string>();
  private findings: Finding[] = [];
  private stopped = false;
  /** How many times axe ran. */
  runs = 0;

  /**
   * @param runRecord a folder every file of the run shares: a page kind one file audited after navigating to it is
   * not audited again on arrival by another (the end-of-test audits, of the states tests leave, always run).
   */
  constructor(private readonly runRecord?: string) {}

  private recordOf(where: string) {
    return this.runRecord && join(this.runRecord, createHash('sha256').update(where).digest('hex').slice(0, 24));
  }

  /** Whether this kind of page was audited on arrival already: in this file, or in the run if it keeps a record. */
  private audited(where: string) {
    const record = this.recordOf(where);
    return this.checked.has(where) || (!!record && existsSync(record));
  }

  private noteAudited(where: string) {
    this.checked.add(where);
    const record = this.recordOf(where);
    if (record) mkdirSync(record, { recursive: true });
  }

  /**
   * Audits the pages of every context the browser makes from now on, however the test makes it, until the returned
   * stop: then the browser makes its contexts as before, and those made meanwhile close without an audit.
   */
  watch(browser: Browser): () => void {
    const newContext = browser.newContext;
    browser.newContext = async (options) => this.watchContext(await newContext.call(browser, options));
    return () => {
      browser.newContext = newContext;
      this.stopped = true;
    };
  }

  /** Awaits the audits under way, audits the pages still open and returns the test's violations as a readable report. */
  async endOfTest(): Promise<string | undefined> {
    await Promise.all([...this.contexts].map((context) => this.auditOpenPages(context)));
    const findings = this.findings;
    this.findings = [];
    return findings.length ? report(findings) : undefined;
  }

  private watchContext(context: BrowserContext) {
    this.contexts.add(context);
    context.on('close', () => this.contexts.delete(context));
    context.on('page', (page) => this.watchPage(page));
    const close = context.close.bind(context);
    context.close = async (options) => {
      try {
        if (!this.stopped) await this.auditOpenPages(context);
      } finally {
        await close(options);
      }
    };
    return context;
  }

  private watchPage(page: Page) {
    const state: PageState = {
      navigations: 0,
      requestsInFlight: 0,
      requestsStarted: 0,
      whenIdle: [],
      queue: Promise.resolve(),
    };
    this.pages.set(page, state);
    page.on('request', (request) => {
      if (!isApiCall(request.resourceType())) return;
      state.requestsInFlight += 1;
      state.requestsStarted += 1;
    });
    const done = (request: { resourceType(): string }) => {
      if (!isApiCall(request.resourceType())) return;
      state.requestsInFlight -= 1;
      if (state.requestsInFlight === 0) state.whenIdle.splice(0).forEach((resolve) => resolve());
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || isBlank(page)) return;
      state.navigations += 1;
      const navigation = state.navigations;
      const navigatedAway = () => page.isClosed() || state.navigations !== navigation;
      this.enqueue(page, state, async () => {
        if (navigatedAway()) return;
        try {
          // Waiting for the page to settle can break off too, when the page navigates on.
          await settled(page, state);
          const where = placeOf(page);
          if (navigatedAway() || this.audited(where)) return;
          const shown = await shownState(page, where);
          const violations = await this.runAxe(page);
          // A run the test navigated away from in the middle may have seen two pages at once.
          if (navigatedAway()) return;
          this.noteAudited(where);
          this.noteAudited(shown);
          this.record(where, violations);
        } catch (error) {
          // The page may report having left only after the run broke off; its next address has its own audit.
          if (!navigatedAway() && !isNavigation(error)) throw error;
        }
      });
    });
  }

  private async auditOpenPages(context: BrowserContext) {
    await Promise.all(
      context.pages().map((page) => {
        const state = this.pages.get(page);
        if (!state) return undefined;
        return this.enqueue(page, state, async () => {
          // A page still navigating at the end of a test is audited where it arrives.
          for (let attempt = 1; ; attempt += 1) {
            if (page.isClosed() || isBlank(page)) return;
            try {
              await settled(page, state);
              const where = placeOf(page);
              const shown = await shownState(page, where);
              if (this.audited(shown)) return;
              const violations = await this.runAxe(page);
              this.noteAudited(where);
              this.noteAudited(shown);
              this.record(where, violations);
              return;
            } catch (error) {
              // A navigation destroyed the page's context mid-run (more likely on a busy machine): audit where it lands.
              if (!isNavigation(error) || attempt === 10) throw error;
              if (!page.isClosed()) await page.waitForLoadState('load').catch(() => undefined);
            }
          }
        });
      }),
    );
  }

  /** Runs one audit at a time per page; an audit that cannot run is reported as a finding. */
  private enqueue(page: Page, state: PageState, audit: () => Promise<void>) {
    state.queue = state.queue.then(audit).catch((error: unknown) => {
      if (!page.isClosed())
        this.findings.push({
          where: placeOf(page),
          violations: [{ rule: 'axe could not run', impact: 'error', help: String(error), targets: [] }],
        });
    });
    return state.queue;
  }

  private runAxe(page: Page) {
    this.runs += 1;
    return runAxe(page);
  }

  private record(where: string, violations: Violation[]) {
    const seen = this.findings
      .filter((finding) => finding.where === where)
      .flatMap((finding) => finding.violations.map(same));
    const fresh = violations.filter((violation) => !seen.includes(same(violation)));
    if (fresh.length) this.findings.push({ where, violations: fresh });
  }
}

const isBlank = (page: Page) => page.url() === 'about:blank';
// What the browser says when the page loaded another document during a run: over CDP, an evaluation that awaits
// answers 'Inspected target navigated or closed' (seen with a CPU hog beside the suite).
const isNavigation = (error: unknown) =>
  /Execution context was destroyed|Cannot find context|frame was detached|Inspected target navigated or closed/.test(
    String(error),
  );
const same = ({ rule, targets }: Violation) => `${rule} ${targets.join(', ')}`;

function placeOf(page: Page) {
  const viewport = page.viewportSize();
  // Each file's stack listens on a port of its own: the same page of another file's stack is the same kind.
  const url = page.url().replace(/^(https?:\/\/[^/:]+):\d+/, '$1');
  return `${url}${viewport ? ` at ${viewport.width}×${viewport.height}` : ''}`;
}

/**
 * Idle: loaded, no call to the API in flight, and none started while the page caught up with the
 * last answers (its pending tasks run and its finite animations end), so axe sees what the user sees.
 */
async function settled(page: Page, state: PageState) {
  await page.waitForLoadState('load');
  for (;;) {
    if (state.requestsInFlight > 0) await new Promise<void>((resolve) => state.whenIdle.push(resolve));
    const started = state.requestsStarted;
    await page.evaluate(async () => {
      // A message-channel task runs after the tasks queued before it (React renders on one too) and
      // does not depend on the page's clock, which a test may have paused.
      const nextTask = () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(undefined);
        });
      await nextTask();
      await nextTask();
      // A list that says it is busy shows rows it is about to replace, dimmed (a search's typing pause asks nothing
      // yet), and undims them in a transition; the cap only keeps a region busy for good from holding the audit.
      await new Promise<void>((resolve) => {
        const clear = () => document.querySelector('[aria-busy="true"]') === null;
        if (clear()) return resolve();
        const observer = new MutationObserver(() => clear() && done());
        const cap = setTimeout(() => done(), 5000);
        const done = () => {
          observer.disconnect();
          clearTimeout(cap);
          resolve();
        };
        observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['aria-busy'] });
      });
      const finite = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    });
    if (state.requestsInFlight === 0 && state.requestsStarted === started) return;
  }
}

function report(findings: readonly Finding[]): string {
  const lines = ['Accessibility violations (axe-core, WCAG 2.1 A and AA):'];
  for (const { where, violations } of findings) {
    lines.push(`  on ${where}:`);
    for (const { rule, impact, help, targets } of violations) {
      lines.push(
        `    ${rule} (${impact}): ${help}${targets.length ? `, ${targets.length} element${targets.length === 1 ? '' : 's'}:` : ''}`,
      );
      for (const target of targets.slice(0, shownTargets)) lines.push(`      ${target}`);
      if (targets.length > shownTargets) lines.push(`      … and ${targets.length - shownTargets} more`);
    }
  }
  return lines.join('\n');
}
