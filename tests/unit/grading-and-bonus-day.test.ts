import { describe, expect, it } from 'vitest';
import { bonusPointsRange, isBonusDay } from '#domain/betting/bonus-day.ts';
import { grade } from '#domain/betting/grading.ts';

const final = (homeScore: number, awayScore: number) => ({ status: 2 as const, homeTeamId: 1, homeScore, awayScore });

describe('grading', () => {
  it('a pick wins when picked score − opponent score + line > 0', () => {
    expect(grade({ teamId: 1, line: -3.5, points: 20 }, final(24, 20))).toEqual({ result: 2, signedPoints: 20 });
  });

  it('a pick loses when the margin is below 0', () => {
    expect(grade({ teamId: 1, line: -3.5, points: 10 }, final(23, 20))).toEqual({ result: 3, signedPoints: -10 });
  });

  it('an underdog covering the spread wins even when it loses the game', () => {
    expect(grade({ teamId: 2, line: 6.5, points: 5 }, final(27, 21))).toEqual({ result: 2, signedPoints: 5 });
  });

  it('a margin of exactly 0 is a draw for 0 points', () => {
    expect(grade({ teamId: 1, line: -3, points: 20 }, final(23, 20))).toEqual({ result: 4, signedPoints: 0 });
  });

  it('canceled, postponed or unfinished games leave the bet undetermined at 0', () => {
    for (const status of [1, 3, 4, 5, 6] as const) {
      expect(
        grade({ teamId: 1, line: -3.5, points: 20 }, { status, homeTeamId: 1, homeScore: 30, awayScore: 0 }),
      ).toEqual({ result: 1, signedPoints: 0 });
    }
  });
});

describe('bonus days', () => {
  const base = { timeZone: 'America/New_York', firstBonusGameDay: 6 as const, secondBonusGameDay: 7 as const };
  it('Monday and Tuesday in the sport’s zone are bonus days by default; Sunday is not', () => {
    expect(isBonusDay({ ...base, now: new Date('2026-11-23T15:00:00Z') })).toBe(true);
    expect(isBonusDay({ ...base, now: new Date('2026-11-25T04:00:00Z') })).toBe(true); // Tuesday 23:00 in New York
    expect(isBonusDay({ ...base, now: new Date('2026-11-23T03:00:00Z') })).toBe(false); // Sunday 22:00 in New York
  });

  it('the last season day becomes a bonus day 10 minutes after the set start, in the last week only', () => {
    const lastDay = {
      selectedWeekIsLast: true,
      bonusGamesStart: '2027-01-24T18:00:00Z',
      seasonEnd: '2027-01-27T04:59:59Z',
    };
    const sunday = (time: string) => new Date(`2027-01-24T${time}Z`);
    expect(isBonusDay({ ...base, now: sunday('18:10:00'), lastDay })).toBe(false);
    expect(isBonusDay({ ...base, now: sunday('18:10:01'), lastDay })).toBe(true);
    expect(isBonusDay({ ...base, now: sunday('19:00:00'), lastDay: { ...lastDay, selectedWeekIsLast: false } })).toBe(
      false,
    );
    expect(isBonusDay({ ...base, now: sunday('19:00:00'), lastDay: { ...lastDay, bonusGamesStart: null } })).toBe(
      false,
    );
    expect(isBonusDay({ ...base, now: new Date('2027-01-28T19:00:00Z'), lastDay })).toBe(false);
  });

  it('bonus points run from 10 to 10 plus a positive weekly lead', () => {
    expect(bonusPointsRange(-15)).toEqual({ min: 10, max: 10 });
    expect(bonusPointsRange(25)).toEqual({ min: 10, max: 35 });
  });
});
