// @vitest-environment happy-dom
// A line's save the server refuses (the game kicked off meanwhile, another administrator's change) keeps its reason
// under the line's field, where the administrator typed it, not in a notice that fades (docs/rules.md, Notices); a save
// and a reset name the line they were made from.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SpreadRow } from '#domain/contracts/spreads.ts';
import { useSpreadEditing } from '@/features/spreads/use-spread-editing';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const started = 'The game has started: its line can no longer change';

cleanUpAfterEach();

describe('a refused line save', () => {
  it('keeps the edit open with the reason under its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonAnswer(409, { error: started, code: 'GAME_STARTED' })),
    );
    const wrapper = ({ children }: { children: ReactNode }) => inFreshApp(children);
    const view = renderHook(() => useSpreadEditing(1), { wrapper });
    const row = { gameId: 7, pointSpread: -3, handicapId: null } as unknown as SpreadRow;
    act(() => view.result.current.start(row));
    act(() => view.result.current.type('-3.5'));
    await act(() => view.result.current.save(row));
    expect(view.result.current.edit).toMatchObject({ gameId: 7, text: '-3.5', error: started });
  });
});

describe('a line save and a reset', () => {
  it('name the manual line they were made from, so another administrator’s line set since refuses them', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonAnswer(200, { reset: 1 }));
    vi.stubGlobal('fetch', fetch);
    const wrapper = ({ children }: { children: ReactNode }) => inFreshApp(children);
    const view = renderHook(() => useSpreadEditing(1), { wrapper });
    const setAt = '2026-11-19T17:00:00.000Z';
    const row = { gameId: 7, pointSpread: -3, handicapId: 41, lineSetAt: setAt } as unknown as SpreadRow;
    act(() => view.result.current.start(row));
    act(() => view.result.current.type('-3.5'));
    // The list read again while the edit was open (another administrator's line): the edit still names its own read.
    await act(() => view.result.current.save({ ...row, lineSetAt: '2026-11-19T17:05:00.000Z' }));
    await act(() => view.result.current.reset(row));
    const sent = fetch.mock.calls.map(([, init]) => String(init?.body));
    expect(new URLSearchParams(sent[0]).get('lineSetAt')).toBe(setAt);
    expect(JSON.parse(sent[1]!)).toEqual([{ handicapId: 41, lineSetAt: setAt, useAffiliateSpread: true }]);
  });
});
