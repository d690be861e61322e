import { describe, expect, it } from 'vitest';
import {
  announcementNotifications,
  isUnread,
  resultsNotification,
} from '../../web/src/features/notifications/notifications-store.ts';

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

describe('announcements as notifications', () => {
  const announcement = (id: number) => ({
    id,
    title: `News ${id}`,
    body: 'Line one\nLine two',
    createdAt: '2026-11-19T17:00:00Z',
    authorName: 'Chris C.',
    sendEmail: false,
  });

  it('are unread above the read mark kept on the server and read at or under it, whatever this tab remembers', () => {
    const notes = announcementNotifications({ data: [announcement(9), announcement(7)], cursor: null, readThrough: 7 });
    expect(notes.map((note) => [note.title, isUnread(note, new Set())])).toEqual([
      ['News 9', true],
      ['News 7', false],
    ]);
    expect(notes[0]).toMatchObject({ text: 'Line one\nLine two', meta: { author: 'Chris C.' }, announcementId: 9 });
    expect(isUnread(notes[0]!, new Set(['announcement-9']))).toBe(false);
    expect(announcementNotifications(undefined)).toEqual([]);
  });
});
