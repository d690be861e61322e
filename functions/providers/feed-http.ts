// The one way a sports feed is read over the network: a guarded GET (outbound-http.ts: https only, public
// addresses only, a deadline and a size cap), retried with backoff while the feed is busy or down, and a body
// checked against the shape we expect. Every failure ends in a FeedError naming the feed; an API key never
// reaches a message or a log line.
import type { IncomingHttpHeaders } from 'node:http';
import * as z from 'zod/mini';
import { logger } from '../adapters/logger.ts';
import { GuardRefusal, guardedCall, type Network, systemNetwork } from '../adapters/outbound-http.ts';
import { FeedError } from './port.ts';

export interface FeedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FeedHttpOptions {
  /** The feed's name as messages give it, e.g. 'ESPN'. */
  feed: string;
  /** http to this machine: only the local stack and the tests (FEEDS_ALLOW_LOOPBACK=1). */
  allowLoopback: boolean;
  network?: Network;
  timeoutMs?: number;
  maxBodyBytes?: number;
  attempts?: number;
  /** The wait before the second attempt; it doubles for each later one. */
  firstBackoffMs?: number;
  /** A Retry-After longer than this is cut to it: a job must not sleep for minutes. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Sees every answer before its status is judged and may end the call with a FeedError of its own. */
  inspect?: (answer: FeedAnswer) => void;
  /** The feed's own explanation of a refusal status (e.g. a 401 of a keyed API). */
  refusals?: Partial<Record<number, string>>;
}

export interface FeedHttp {
  getJson<T>(url: URL, schema: z.ZodMiniType<T>): Promise<T>;
}

export const feedHttpDefaults = {
  timeoutMs: 10_000,
  // A scoreboard of a busy week of ESPN runs to megabytes.
  maxBodyBytes: 8 * 1024 * 1024,
  attempts: 3,
  firstBackoffMs: 500,
  maxRetryAfterMs: 5_000,
};

const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The URL as a message or log line may show it: an API key is replaced. */
export function shownUrl(url: URL): string {
  const shown = new URL(url.href);
  for (const name of [...shown.searchParams.keys()])
    if (name.toLowerCase() === 'apikey') shown.searchParams.set(name, '[hidden]');
  return shown.href.replaceAll('%5Bhidden%5D', '[hidden]');
}

/** Retry-After in ms (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | string[] | undefined, nowMs = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

const retryable = (status: number) => status === 429 || status >= 500;

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'the answer'}: ${issue.message}`)
    .join('; ');
}

export function feedHttp(options: FeedHttpOptions): FeedHttp {
  const settings = { ...feedHttpDefaults, ...options };
  const { feed, sleep = realSleep, network = systemNetwork } = settings;
  const policy = { allowLoopback: settings.allowLoopback };
  const limits = { timeoutMs: settings.timeoutMs, maxBodyBytes: settings.maxBodyBytes };

  /** The answer of the first attempt that is not busy or down; throws when every attempt was. */
  async function fetchAnswer(url: URL): Promise<FeedAnswer> {
    const shown = shownUrl(url);
    let lastFailure = '';
    for (let attempt = 1; attempt <= settings.attempts; attempt += 1) {
      let waitMs = settings.firstBackoffMs * 2 ** (attempt - 1);
      try {
        const answer = await guardedCall(
          network,
          policy,
          { method: 'GET', url, headers: { accept: 'application/json', 'user-agent': 'pickem' } },
          limits,
        );
        settings.inspect?.(answer);
        if (!retryable(answer.status)) return answer;
        lastFailure = `HTTP ${answer.status}`;
        const asked = retryAfterMs(answer.headers['retry-after']);
        if (asked !== undefined) waitMs = Math.max(waitMs, Math.min(asked, settings.maxRetryAfterMs));
      } catch (error) {
        if (error instanceof FeedError) throw error;
        if (error instanceof GuardRefusal)
          throw new FeedError(`${feed} may not be called at ${shown}: ${error.message}`);
        lastFailure = (error as Error).message;
      }
      if (attempt < settings.attempts) {
        logger.warn('Feed call failed; trying again', { feed, url: shown, attempt, reason: lastFailure, waitMs });
        await sleep(waitMs);
      }
    }
    throw new FeedError(`${feed} is unavailable: ${lastFailure} after ${settings.attempts} attempts (${shown})`);
  }

  return {
    async getJson(url, schema) {
      const answer = await fetchAnswer(url);
      const shown = shownUrl(url);
      if (answer.status < 200 || answer.status >= 300) {
        const explained = settings.refusals?.[answer.status];
        throw new FeedError(explained ?? `${feed} refused the call: HTTP ${answer.status} (${shown})`);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body.toString('utf8'));
      } catch {
        throw new FeedError(`${feed} answered something unexpected: not JSON (${shown})`);
      }
      const checked = schema.safeParse(parsed);
      if (!checked.success)
        throw new FeedError(`${feed} answered something unexpected: ${describeIssues(checked.error)} (${shown})`);
      return checked.data;
    },
  };
}
