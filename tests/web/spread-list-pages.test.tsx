// @vitest-environment happy-dom
// The Spreads page shows every game of the week: a week of baseball holds more games than a list call's page (100), so
// the list is read page after page until one comes back short.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSpreadList, spreadListKey } from '@/features/spreads/api/get-spread-list';
import { jsonAnswer } from './support/fake-server.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the Spreads page’s list', () => {
  it('reads a week of 105 games in two pages', async () => {
    const rows = Array.from({ length: 105 }, (_, index) => ({ gameId: index + 1 }));
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const form = new URLSearchParams(String(init?.body ?? new URL(url, 'http://localhost').search));
      const page = Number(form.get('page'));
      return jsonAnswer(200, rows.slice((page - 1) * 100, page * 100));
    });
    vi.stubGlobal('fetch', fetch);
    const listed = await getSpreadList(spreadListKey({ affiliateId: 1, sportId: 34, weekId: 20263401 }));
    expect(listed.map((row) => row.gameId)).toEqual(rows.map((row) => row.gameId));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
