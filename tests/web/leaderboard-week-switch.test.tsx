// @vitest-environment happy-dom
// The leaderboard's pages say which week and order they answer: while another week loads, or once it failed to, the
// rows kept in view are the last week's (`current` false), so the page dims them and its standing card shows no
// figure of another week under this week's title (web/src/features/leaderboard/components/leaderboard-view.tsx).
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerExamples } from '#domain/contracts/examples.ts';
import { type LeaderboardQuery, useLeaderboard } from '@/features/leaderboard/api/get-balance';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

cleanUpAfterEach();

const week9: LeaderboardQuery = { sportId: 33, weekId: 20263309, sort: 'week', direction: 'desc' };
const week10: LeaderboardQuery = { ...week9, weekId: 20263310 };

describe("the leaderboard's pages after the week changes", () => {
  it("are the last week's, and not current, while the new week's read fails; current once it answers", async () => {
    let week10Answers = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const weekId = new URL(url, 'http://localhost').searchParams.get('weekId');
        if (weekId === String(week10.weekId) && !week10Answers)
          return jsonAnswer(404, { error: 'There is no week 20263310', code: 'UNKNOWN_WEEK' });
        return jsonAnswer(200, answerExamples.balance);
      }),
    );
    const view = renderHook((query: LeaderboardQuery) => useLeaderboard(query), {
      initialProps: week9,
      wrapper: ({ children }) => inFreshApp(children),
    });
    await waitFor(() => expect(view.result.current.current).toBe(true));
    const week9Rows = view.result.current.rows;

    view.rerender(week10);
    expect(view.result.current.current).toBe(false);
    await waitFor(() => expect(view.result.current.error).toBeDefined());
    expect(view.result.current.current).toBe(false);
    expect(view.result.current.rows).toEqual(week9Rows);

    week10Answers = true;
    view.rerender({ ...week10, sort: 'ytd' });
    await waitFor(() => expect(view.result.current.current).toBe(true));
  });
});
