import { describe, expect, it } from 'vitest';
import { resultsNotification } from '../../web/src/features/notifications/notifications-store.ts';

const season = {
  totalWins: 0,
  totalLosses: 0,
  winPercent: 0,
  lossPercent: 0,
  totalWinnings: 0,
  totalPoints: 0,
  totalBetsCount: 0,
  lastWeekWinnings: 0,
  lastWeekPoints: 0,
};

describe('the results notification', () => {
  it('says nothing while no pick of the season is graded (a brand-new pool, picks not yet graded)', () => {
    expect(resultsNotification(undefined)).toBeUndefined();
    expect(resultsNotification({ ...season, title: 'Overall Stats', totalBetsCount: 12 })).toBeUndefined();
  });

  it('says what was graded, and is a new unread note after the next grading', () => {
    const first = resultsNotification({ ...season, title: 'My Stats', totalWins: 3, totalLosses: 2 })!;
    expect(first.text).toMatch(/^Your graded picks this season: 3 won, 2 lost\./);
    const next = resultsNotification({ ...season, title: 'My Stats', totalWins: 4, totalLosses: 3 })!;
    expect(next.id).not.toBe(first.id);
    expect(resultsNotification({ ...season, title: 'Overall Stats', totalWins: 1, totalLosses: 0 })!.text).toMatch(
      /^The pool's graded picks/,
    );
  });
});
