// @vitest-environment happy-dom
// AWS's bad minute in the web app (issue 59): a read the server answers 503 (or that does not reach it) is asked again
// by itself, a few times, after the answer's Retry-After; a change it answers 503 (or that does not reach it) says
// plainly that it did not go through, and the form stays open with what was typed; a call never answered gives up.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { contracts } from '#domain/contracts/api.ts';
import { answerWaitMs, api, ApiError } from '@/lib/api-client';
import { readRetries, readRetryDelayMs } from '@/lib/read-retry';
import { endSession, startSession } from '@/lib/session';
import { ClientPrizesDialog } from '@/features/clients/components/client-prizes-dialog';
import { cleanUpAfterEach } from './support/fake-server.tsx';
import { harbor } from './support/harbor-client.ts';

const prize = { id: 1, clientId: harbor.id, name: 'Prize 1', cost: 10, active: true };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const busy = (retryAfter: string) =>
  json(
    503,
    { error: 'The server is busy right now; please try again in a moment.', code: 'SERVER_BUSY' },
    {
      'Retry-After': retryAfter,
    },
  );

/** The server: the prize list (answers in turn, the last one again), and Add Prize answering `add`. */
function fakeServer(lists: (() => Response)[], add: () => Promise<Response> = async () => json(201, prize)) {
  const fetch = vi.fn(async (url: string) => {
    if (url.includes('/Client/prize-list')) return (lists.length > 1 ? lists.shift()! : lists[0]!)();
    if (url.includes('/Client/add-prize')) return add();
    throw new Error(`no fake answer for ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return { asked: (path: string) => fetch.mock.calls.filter(([url]) => url.includes(path)).length };
}

/** Edit Prizes in the app's own providers (its SWR configuration: the read retries). */
const openPrizes = () =>
  render(
    <AppProvider>
      <ClientPrizesDialog client={harbor} onClose={() => undefined} />
    </AppProvider>,
  );

cleanUpAfterEach();

describe('a read the server is too busy for', () => {
  it('is asked again by itself after the Retry-After, and shows the answer once the server has caught up', async () => {
    const server = fakeServer([() => busy('0'), () => busy('0'), () => json(200, [prize])]);
    openPrizes();
    expect(await screen.findByRole('cell', { name: 'Prize 1' })).toBeTruthy();
    expect(server.asked('/Client/prize-list')).toBe(3);
  });

  it('is asked again when the server was not reached', async () => {
    let reached = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (reached) return json(200, [prize]);
        reached = true;
        throw new TypeError('Failed to fetch');
      }),
    );
    openPrizes();
    expect(await screen.findByRole('cell', { name: 'Prize 1' }, { timeout: 3000 })).toBeTruthy();
  });
});

describe('when a read asks again', () => {
  const busyError = (retryAfterSeconds?: number) =>
    new ApiError('busy', 503, 'SERVER_BUSY', undefined, retryAfterSeconds);

  it('waits what Retry-After says, at most 30 s, else 1, 2, 4 s', () => {
    expect(readRetryDelayMs(busyError(2), 1)).toBe(2000);
    expect(readRetryDelayMs(busyError(3600), 1)).toBe(30_000);
    expect([1, 2, 3].map((count) => readRetryDelayMs(busyError(), count))).toEqual([1000, 2000, 4000]);
    expect(readRetryDelayMs(new ApiError('An error occurred!', 0), 1)).toBe(1000);
  });

  it(`stops after ${readRetries} times`, () => {
    expect(readRetryDelayMs(busyError(1), readRetries)).toBe(1000);
    expect(readRetryDelayMs(busyError(1), readRetries + 1)).toBeUndefined();
  });

  it('never for a refusal or a bug: they would answer the same', () => {
    for (const status of [400, 401, 403, 404, 409, 429, 500])
      expect(readRetryDelayMs(new ApiError('No', status), 1), String(status)).toBeUndefined();
  });
});

/** Adds the prize 'Season pot' for 25 in the open dialog: its form. */
async function addSeasonPot(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Prize' }));
  const form = screen.getByRole('dialog', { name: 'Add Prize' });
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Season pot');
  await user.type(within(form).getByRole('textbox', { name: 'Cost' }), '25');
  await user.click(within(form).getByRole('button', { name: 'Add' }));
  return form;
}

describe('a call whose answer never comes (a connection dropped silently)', () => {
  afterEach(() => vi.useRealTimers());

  it(`gives up after ${answerWaitMs / 1000} s, unanswered (status 0: it may have gone through)`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('The wait ran out', 'AbortError'))),
        ),
    );
    const settled = { error: undefined as unknown };
    void api.call(contracts.prizeList, { clientId: harbor.id }).catch((error: unknown) => (settled.error = error));
    await vi.advanceTimersByTimeAsync(answerWaitMs - 1);
    expect(settled.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled.error).toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('one cut off mid-body is unanswered too (status 0), not a raw network error', async () => {
    const cutOff = new ReadableStream({ start: (stream) => stream.error(new TypeError('network error')) });
    vi.stubGlobal('fetch', async () => new Response(cutOff, { headers: { 'Content-Type': 'application/json' } }));
    await expect(api.call(contracts.prizeList, { clientId: harbor.id })).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
    });
  });
});

describe('a change the server is too busy for', () => {
  async function addPrize() {
    const user = userEvent.setup();
    openPrizes();
    return addSeasonPot(user);
  }

  const keptOpen = async (form: HTMLElement) => {
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', false));
    expect(screen.getByRole('dialog', { name: 'Add Prize' })).toBe(form);
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Season pot');
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Cost' }).value).toBe('25');
  };

  it('says plainly that it did not go through, to try again, and keeps what was typed', async () => {
    const server = fakeServer([() => json(200, [])], async () => busy('2'));
    const form = await addPrize();
    expect(
      await screen.findByText('The server is busy right now, so this did not go through. Try again in a moment.'),
    ).toBeTruthy();
    await keptOpen(form);
    // A change is never sent again by itself.
    expect(server.asked('/Client/add-prize')).toBe(1);
  });

  it('says it may not have gone through when the server was not reached, and keeps what was typed', async () => {
    fakeServer([() => json(200, [])], () => Promise.reject(new TypeError('Failed to fetch')));
    const form = await addPrize();
    expect(
      await screen.findByText(
        'The server could not be reached, so this may not have gone through. Check your connection and try again.',
      ),
    ).toBeTruthy();
    await keptOpen(form);
  });
});

describe('a change pressed again after it may have gone through', () => {
  // A signed-in user's change (the server keeps no other's); the worker's storage is left signed out again.
  beforeEach(() => startSession('header.payload.signature', false));
  afterEach(() => endSession());

  it('carries the key it was first sent with, so the server makes it once; once answered, the next is another', async () => {
    const keys: (string | null)[] = [];
    let reached = false;
    const add = vi.fn(async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key'));
      if (reached) return json(201, prize);
      reached = true;
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
      url.includes('/Client/add-prize') ? add(url, init) : Promise.resolve(json(200, [])),
    );
    const user = userEvent.setup();
    openPrizes();
    const form = await addSeasonPot(user);
    await screen.findByText(/may not have gone through/);
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Prize' })).toBeNull());
    await addSeasonPot(user);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
