// @vitest-environment happy-dom
// Session start (docs/rules.md, Session): the user, the client's sports and the first sport's weeks, a failure
// ending the session unless a later read may pass (offline, a busy server: the sign-in is kept). Started once, it
// stays started: a later change of the first sport (a sport added before it, or it removed) is data, not a new start,
// so nothing hides the app again, is read again to start it, or signs out.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { answerExamples } from '#domain/contracts/examples.ts';
import { useSessionStart } from '@/app/session-gate';
import { endSession, getToken, startSession } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { jsonAnswer } from './support/fake-server.tsx';

const nfl = { sportId: 33, sportName: 'NFL', timeZone: 'America/New_York' };
const nba = { sportId: 34, sportName: 'NBA', timeZone: 'America/New_York' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
    <ToastProvider>{children}</ToastProvider>
  </SWRConfig>
);

/** The server of a client playing NFL, answering through `fetch` while `answering` says so. */
function serverOf(answering: () => 'yes' | 'offline' | 'refusing') {
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (answering() === 'offline') throw new TypeError('Failed to fetch');
    if (answering() === 'refusing') return jsonAnswer(403, { error: 'Forbidden', code: 'FORBIDDEN' });
    if (pathname === contracts.currentUser.path) return jsonAnswer(200, answerExamples.currentUser);
    if (pathname === contracts.clientSportList.path) return jsonAnswer(200, [nfl]);
    return jsonAnswer(200, []);
  });
}

describe('a session starting', () => {
  it('offline keeps the sign-in, says the server cannot be reached, and starts once it answers', async () => {
    let answering: 'yes' | 'offline' = 'offline';
    serverOf(() => answering);
    startSession('header.eyJjaWQiOjJ9.signature', true);
    const view = renderHook(() => useSessionStart(getToken() ?? ''), { wrapper });
    await waitFor(() => expect(view.result.current.unreachable?.status).toBe(0));
    expect(getToken()).toBe('header.eyJjaWQiOjJ9.signature');
    answering = 'yes';
    act(() => view.result.current.askAgain());
    await waitFor(() => expect(view.result.current.started).toBe(true));
    expect(view.result.current.unreachable).toBeUndefined();
  });

  it('refused ends the sign-in, as a token that cannot load its user', async () => {
    serverOf(() => 'refusing');
    startSession('header.eyJjaWQiOjJ9.signature', true);
    renderHook(() => useSessionStart(getToken() ?? ''), { wrapper });
    await waitFor(() => expect(getToken()).toBeNull());
  });
});

describe('a started session', () => {
  it('stays started, signed in, when the first sport changes: nothing is read again to start it', async () => {
    let played = [nfl];
    const fetch = vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === contracts.currentUser.path) return jsonAnswer(200, answerExamples.currentUser);
      if (pathname === contracts.clientSportList.path) return jsonAnswer(200, played);
      if (pathname === contracts.weekList.path && searchParams.get('sportId') === String(nfl.sportId))
        return jsonAnswer(200, []);
      return jsonAnswer(404, { error: `nothing at ${url}`, code: 'NOT_FOUND' });
    });
    vi.stubGlobal('fetch', fetch);
    const asked = (path: string) =>
      fetch.mock.calls.map(([url]) => url).filter((url) => new URL(url, 'http://localhost').pathname === path);
    startSession('header.eyJjaWQiOjJ9.signature', false);
    let askAgain: ReturnType<typeof useSWRConfig>['mutate'] | undefined;
    const view = renderHook(
      () => {
        askAgain = useSWRConfig().mutate;
        return useSessionStart(getToken() ?? '');
      },
      { wrapper },
    );
    await waitFor(() => expect(view.result.current.started).toBe(true));

    played = [nba, nfl];
    await act(() => askAgain!(() => true));
    await waitFor(() => expect(view.result.current.firstSport).toEqual(nba));
    expect(view.result.current.started).toBe(true);
    expect(view.result.current.sports).toEqual([nba, nfl]);
    expect(getToken()).not.toBeNull();
    // No start again: the new first sport's weeks are the app's to read (the sport selection's), not the start's.
    expect(
      asked(contracts.weekList.path).map((url) => new URL(url, 'http://localhost').searchParams.get('sportId')),
    ).toEqual([String(nfl.sportId), String(nfl.sportId)]);
  });
});
