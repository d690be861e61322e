import { describe, expect, it } from 'vitest';
import { BetResult } from '#domain/betting/grading.ts';
import type { LeaderboardCell, LeaderboardRow } from '#domain/contracts/leaderboard.ts';
import { pickText, standingsHeader, standingsLine, startsFormula, textCell } from '#domain/scoring/standings-csv.ts';

const noPick: LeaderboardCell = {
  teamId: null,
  WeekDay: null,
  Spread: null,
  BetResult: null,
  Points: null,
  hidden: false,
  liveResult: null,
  noResult: false,
};
const teams = new Map([
  [1, 'Kansas City Chiefs'],
  [2, 'Buffalo Bills'],
]);
const teamName = (teamId: number) => teams.get(teamId)!;

describe('standings CSV', () => {
  it('neutralises a text cell a spreadsheet would run as a formula, keeping its characters after an apostrophe', () => {
    expect(textCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(textCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(textCell('Zoë O’Brien')).toBe('Zoë O’Brien');
    expect(textCell('Smith, Jr.')).toBe('"Smith, Jr."');
  });

  it('neutralises a text cell starting with a full-width or small formula sign, which a spreadsheet reads as the plain one', () => {
    // Full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) and the small forms ﹦ ﹢ ﹣ ﹫.
    for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B']) {
      expect(startsFormula(`${start}1+1`), start).toBe(true);
      expect(textCell(`${start}SUM(A1:A9)`)).toBe(`'${start}SUM(A1:A9)`);
    }
    expect(textCell('＝HYPERLINK("http://x","y")')).toBe(`"'＝HYPERLINK(""http://x"",""y"")"`);
    // Only the first character counts; other full-width text and an empty cell pass as they are.
    for (const safe of ['Ａｌｅｘ＝１', 'ｘ＋', 'a=b', '', '１２３']) {
      expect(startsFormula(safe), safe).toBe(false);
      expect(textCell(safe)).toBe(safe);
    }
  });

  it('writes a pick as team, line, points and result (no result on a void game); a pick before its kickoff as hidden; no pick as empty', () => {
    const won = { ...noPick, teamId: 1, Spread: -3.5, Points: 20, BetResult: BetResult.Won };
    expect(pickText(won, teamName)).toBe('Kansas City Chiefs -3.5 (20, won)');
    const open = { ...noPick, teamId: 2, Spread: 3.5, Points: 5, BetResult: BetResult.NotSet };
    expect(pickText(open, teamName)).toBe('Buffalo Bills +3.5 (5)');
    expect(pickText({ ...noPick, hidden: true }, teamName)).toBe('hidden');
    expect(pickText(noPick, teamName)).toBe('');
    // A pick on a game canceled or postponed out of its week is never graded.
    const voided = { ...noPick, teamId: 2, Spread: 3.5, Points: 10, BetResult: BetResult.Undetermined, noResult: true };
    expect(pickText(voided, teamName)).toBe('Buffalo Bills +3.5 (10, no result)');
  });

  it('one CRLF line per row in the header’s order, numbers as numbers (a negative one is not neutralised)', () => {
    expect(standingsHeader).toBe(
      'Rank,Player,First name,Last name,Week points,Year to date,Penalty,20-point pick,10-point pick,Second 10-point pick,5-point pick,Second 5-point pick,Bonus pick\r\n',
    );
    const row: LeaderboardRow = {
      userId: 7,
      userDisplayName: '@admin',
      firstName: 'Ada',
      lastName: 'Byron',
      regularWonBetsSum: -20,
      bonusWonBetsSum: 0,
      penalty: -50,
      weekPoints: -70,
      liveWeekPoints: -70,
      totalSeasonBalance: 35,
      rank: 12,
      twentyPoint: { ...noPick, teamId: 1, Spread: -3.5, Points: 20, BetResult: BetResult.Lost },
      firstTenPoint: noPick,
      secondTenPoint: noPick,
      firstFivePoint: noPick,
      secondFivePoint: noPick,
      bonusPoint: noPick,
    };
    expect(standingsLine(row, teamName)).toBe(
      '12,\'@admin,Ada,Byron,-70,35,-50,"Kansas City Chiefs -3.5 (20, lost)",,,,,\r\n',
    );
  });
});
