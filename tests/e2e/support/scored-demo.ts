// One demo stack per test file, its clock (and each page's) at `now`, with the company admin's
// Import Scores already run through the API: results for the weeks played and their penalties.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startLocalStack, type LocalStack } from '../../../infra/local/stack.ts';
import { watchConsole } from './browser.ts';
import { launchTenantChromium, newAppContext, signIn } from './app.ts';

/** `beforeImport` adds to the demo while the week's games are still open (before their results). */
export function useScoredDemo(now: string, beforeImport?: (stack: LocalStack) => Promise<void>) {
  const demo = {} as {
    stack: LocalStack;
    browser: Browser;
    openAs(login: string, viewport?: { width: number; height: number }): Promise<Awaited<ReturnType<typeof openAs>>>;
  };

  async function importScores() {
    const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
      const response = await fetch(`${demo.stack.url}/Services${path}`, { ...init, headers: init.token ? { Authorization: `Bearer ${init.token}` } : {} });
      return response.json();
    };
    const { access_token: token } = await call('/token', { method: 'POST', body: new URLSearchParams({ login: 'coach', password: 'pickem-demo', domain: 'demo' }) });
    const { jobId } = await call('/api/Game/load-results', { method: 'POST', token, body: new URLSearchParams({ sportId: '33' }) });
    // Settled: the job has run and the projector has caught up with the events it appended.
    await demo.stack.settled();
    const job = await call(`/api/Job/status?id=${jobId}`, { token });
    if (job.status !== 'succeeded') throw new Error(`Import Scores ended ${job.status}: ${job.error}`);
  }

  async function openAs(login: string, viewport?: { width: number; height: number }) {
    const context = await newAppContext(demo.browser, { hideRules: true, ...(viewport && { viewport }) });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.clock.install({ time: new Date(now) });
    await signIn(page, demo.stack.url, login, 'pickem-demo');
    return { context, page, problems };
  }
  demo.openAs = openAs;

  beforeAll(async () => {
    [demo.stack, demo.browser] = await Promise.all([startLocalStack({ dataDir: undefined, port: 0, seed: true, now }), launchTenantChromium()]);
    await beforeImport?.(demo.stack);
    await importScores();
  });
  afterAll(async () => {
    await demo.browser?.close();
    await demo.stack?.close();
  });
  return demo;
}
