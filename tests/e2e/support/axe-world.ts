// axe-core in a world of its own beside each page's scripts, and what the audit asks of a page's document there.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { CDPSession, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The kinds of element the document shows: each element's tag, attribute names, role, class, type, style and
 * whether it holds text of its own, as a set (how many rows a table has or what they say is not a kind). Two states
 * of a page with the same kinds are the same to axe's rules but for the words, so one audit serves both; an opened
 * dialog, an error message or an empty heading is a new kind and audited.
 */
function elementKinds() {
  const kinds = new Set<string>();
  for (const element of document.querySelectorAll('*')) {
    const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    const values = ['role', 'class', 'type', 'style'].map((name) => element.getAttribute(name));
    kinds.add(JSON.stringify([element.tagName, element.getAttributeNames().sort(), values, text]));
  }
  return [...kinds].sort().join('\n');
}

/** A state of the page as the audit tells them apart: its kind and the kinds of element it shows. */
export async function shownState(page: Page, where: string) {
  // In the page's own world: it needs only the DOM, and the axe world's first use in a document loads axe (550 kB,
  // 0.3 s) into it, which a page kind already audited never needs.
  const kinds = await page.evaluate(elementKinds);
  return `${where} showing ${createHash('sha256').update(kinds).digest('hex')}`;
}

/**
 * The run, in the page's document as the user sees it, returning its violations. Rows a busy list keeps dimmed while
 * it asks for their replacement take no input then (table.css): inactive, they owe no contrast (WCAG 1.4.3).
 */
function axeRun(tags: string[]) {
  const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
  const inactive = (selector: string) =>
    document.querySelector(selector)?.closest('[aria-busy="true"] > .ui-table-wrap tbody') != null;
  // Only the violations are read: axe then keeps one node of each other result, not every one it checked.
  return axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((results) =>
    results.violations
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        targets: violation.nodes
          .map((node) => node.target.map(String))
          .filter((target) => violation.id !== 'color-contrast' || target.length !== 1 || !inactive(target[0]!))
          .map((target) => target.join(' >>> ')),
      }))
      .filter((violation) => violation.targets.length > 0),
  );
}

/**
 * A world of axe's own beside the page's scripts: same document, but its own globals, so neither the app's code
 * nor a page clock the test paused (axe waits on timers) gets in its way. Loading axe into it takes a tenth of a
 * second, so each document keeps its world for every audit of it.
 */
async function axeWorld(session: CDPSession, frame: { id: string; loaderId: string }) {
  const { executionContextId: contextId } = await session.send('Page.createIsolatedWorld', {
    frameId: frame.id,
    worldName: 'axe',
  });
  await session.send('Runtime.evaluate', { expression: axeSource, contextId });
  return { loaderId: frame.loaderId, contextId };
}

const axeSessions = new WeakMap<Page, { session: Promise<CDPSession>; world?: ReturnType<typeof axeWorld> }>();

/** Evaluates in the axe world of the page's current document (a new one once the page has loaded another). */
async function inAxeWorld<T>(page: Page, expression: string): Promise<T> {
  const held = axeSessions.get(page) ?? { session: page.context().newCDPSession(page) };
  axeSessions.set(page, held);
  const session = await held.session;
  const { frameTree } = await session.send('Page.getFrameTree');
  if (!held.world || (await held.world.catch(() => undefined))?.loaderId !== frameTree.frame.loaderId)
    held.world = axeWorld(session, frameTree.frame);
  const { contextId } = await held.world;
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
    expression,
    contextId,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

/** axe's run over the page's document: its violations of WCAG 2.1 A and AA. */
export const runAxe = (page: Page) =>
  inAxeWorld<Violation[]>(page, `(${axeRun.toString()})(${JSON.stringify(wcagTags)})`);
