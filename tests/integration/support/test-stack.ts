// Integration tests talk HTTP to the real local stack: in-memory dynalite, the stream emulator,
// the job queue and the very handlers the CDK app deploys.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalStack } from '../../../infra/local/stack.ts';
import type { LocalStackOptions } from '../../../infra/local/stack-options.ts';
import { startLocalTestStack } from '../../support/local-test-stack.ts';
import { checkAnswer } from './answer-check.ts';

export const demo = { domain: 'demo', password: 'pickem-demo' };

/** `settings`: a feed (SPORTS_PROVIDER...) or DEMO_SEASON_START, as LocalStackOptions.settings. */
type TestStackOptions = Pick<LocalStackOptions, 'now' | 'settings'> & { seed?: boolean };

export async function startTestStack({ seed = true, ...options }: TestStackOptions = {}) {
  const stack = await startLocalTestStack({ dataDir: undefined, port: 0, seed, webRoot: '/nonexistent', ...options });
  // Tests start on the seeded state as read: every seeded event projected.
  await stack.settled();
  return stack;
}

/** One stack for the test file: started before its tests, closed after them. */
export function useTestStack(options: TestStackOptions = {}) {
  const context = {} as { stack: LocalStack; api: ReturnType<typeof client> };
  beforeAll(async () => {
    context.stack = await startTestStack(options);
    context.api = client(context.stack);
  });
  afterAll(() => context.stack?.close());
  return context;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** How many times the client asked (more than once only when it asks again). */
  attempts?: number;
}

type Request = {
  form?: Record<string, string> | URLSearchParams;
  json?: unknown;
  token?: string;
  headers?: Record<string, string>;
};

/**
 * Calls the stack over HTTP, each answer checked against the OpenAPI. `askAgain` (a stack under PICKEM_FAULTS): a
 * 503 or 429, which must say when in Retry-After, is asked again after a growing pause, as the web app does, up to
 * 20 times. `onAnswer` sees every answer's status, asked-again ones too.
 */
export function client(
  stack: Pick<LocalStack, 'url'>,
  { askAgain = false, onAnswer }: { askAgain?: boolean; onAnswer?: (status: number) => void } = {},
) {
  async function call(method: string, path: string, init: Request = {}): Promise<Answer> {
    for (let attempts = 1; ; attempts++) {
      const answer = await callOnce(method, path, init);
      onAnswer?.(answer.status);
      const busy = answer.status === 503 || answer.status === 429;
      if (!askAgain || !busy || attempts === 20) return { ...answer, attempts };
      expect(answer.headers.get('retry-after'), `${method} ${path}`).toMatch(/^\d+$/);
      await sleep(100 * attempts);
    }
  }
  async function callOnce(method: string, path: string, init: Request): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof init.json === 'string' ? init.json : JSON.stringify(init.json);
    }
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${stack.url}/Services${path}`, { method, headers, body });
    const text = await response.text();
    // A download (a CSV file) is its text; every other answer is JSON.
    const isJson = !response.headers.get('content-type')?.startsWith('text/csv');
    const answer = {
      status: response.status,
      body: text && isJson ? JSON.parse(text) : text || undefined,
      headers: response.headers,
    };
    checkAnswer(method, `/Services${path}`, answer.status, answer.body, response.headers);
    return answer;
  }
  return {
    call,
    get: (path: string, token?: string) => call('GET', path, { token }),
    postForm: (path: string, form: Record<string, string>, token?: string) => call('POST', path, { form, token }),
    postJson: (path: string, json: unknown, token?: string) => call('POST', path, { json, token }),
    async signIn(login: string, password = demo.password, domain = demo.domain): Promise<string> {
      const answer = await call('POST', '/token', { form: { login, password, domain } });
      if (answer.status !== 200)
        throw new Error(`sign-in of ${login} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.access_token as string;
    },
  };
}
