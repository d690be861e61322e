// The audit behind every e2e page: it must see a violation, however the page was made, and name it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessibilityAudit } from './support/accessibility.ts';
import { launchChromium } from './support/browser.ts';

const pageWith = (body: string) =>
  `data:text/html,${encodeURIComponent(`<!doctype html><html lang="en"><title>Audit</title><main>${body}</main></html>`)}`;

let browser: Browser;
const audit = new AccessibilityAudit();
beforeAll(async () => {
  browser = await launchChromium();
  audit.watch(browser);
});
afterAll(async () => {
  await browser?.close();
});

describe('the accessibility audit', () => {
  it('reports each violation with its rule, impact, elements and page, on a page made straight from the browser', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(pageWith('<img src="data:,"><p>Fine</p>'));
    await page.close();

    const report = await audit.endOfTest();
    expect(report).toMatch(/image-alt \(critical\): Images must have alternative text, 1 element:\n\s+img$/);
    expect(report).toContain(' at 800×600');
  });

  it('audits a page before its context closes, in the state the test left it in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pageWith('<p>Fine</p>'));
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button></button>'));
    await context.close();

    const report = await audit.endOfTest();
    expect(report).toMatch(/button-name \(critical\): .*, 1 element:\n\s+button$/);
  });

  it('audits a state a test leaves once per kind of page and kinds of element: other words are not audited again, a new kind of element is', async () => {
    const leave = async (body: string, added = '') => {
      const context = await browser.newContext({ viewport: { width: 700, height: 500 } });
      const page = await context.newPage();
      await page.goto(pageWith('<h1>Kinds</h1>'));
      await page.evaluate(
        (html) => document.querySelector('main')!.insertAdjacentHTML('beforeend', html),
        body + added,
      );
      await context.close();
    };
    await leave('<p>First words</p>');
    const runs = audit.runs;
    await leave('<p>Other words</p><p>and more</p>');
    expect(audit.runs).toBe(runs);
    expect(await audit.endOfTest()).toBeUndefined();

    await leave('<p>First words</p>', '<button></button>');
    expect(audit.runs).toBe(runs + 1);
    expect(await audit.endOfTest()).toMatch(/button-name \(critical\): .*, 1 element:\n\s+button$/);
  });

  it('finds nothing on an accessible page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pageWith('<h1>Fine</h1><button>Go</button>'));
    await context.close();
    expect(await audit.endOfTest()).toBeUndefined();
  });
});
