// The standings export (docs/rules.md, Standings export): the week's leaderboard as a CSV file, in rank order, with
// the leaderboard's privacy (another player's pick before its kickoff stays hidden), names neutralised against
// formula injection, and the client's scope.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { slotNames } from '#domain/scoring/week-scores.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Sunday 12:00 in New York, week 9: its early games have started, the later ones have not.
const sunday = '2026-11-22T17:00:00Z';
const given = useTestStack({ now: sunday });
const nfl = 33;
const week9 = 20263309;

type Row = ResponseOf<typeof contracts.balance>['rows'][number];

/** The leaderboard's rows in rank order, every page. */
async function leaderboardRows(token: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const answer = await call(given.api, contracts.balance, { sportId: nfl, weekId: week9, limit: 2, cursor }, token);
    rows.push(...answer.body.rows);
    cursor = answer.body.nextCursor ?? undefined;
  } while (cursor);
  return rows;
}

/** The file's lines split into cells (the test's names hold no commas or quotes). */
const cellsOf = (csv: string) =>
  csv
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      line
        .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
        .map((cell) => cell.replace(/,$/, ''))
        .slice(0, 13),
    );

describe('standings export', () => {
  it('a player downloads the week as CSV: a named file, a header, every leaderboard row in rank order, hidden picks hidden', async () => {
    const alex = await given.api.signIn('alex');
    const answer = await call(given.api, contracts.balanceExport, { sportId: nfl, weekId: week9 }, alex);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="standings-demo-nfl-week-9.csv"');
    const [header, ...lines] = cellsOf(answer.body);
    expect(header!.slice(0, 7)).toEqual([
      'Rank',
      'Player',
      'First name',
      'Last name',
      'Week points',
      'Year to date',
      'Penalty',
    ]);
    const rows = await leaderboardRows(alex);
    expect(rows.length).toBeGreaterThan(3);
    expect(lines.map((cells) => [Number(cells[0]), cells[1], Number(cells[4]), Number(cells[5])])).toEqual(
      rows.map((row) => [row.rank, row.userDisplayName, row.weekPoints, row.totalSeasonBalance]),
    );
    // Each pick cell is hidden exactly where the leaderboard hides it; the caller's own picks are all shown.
    const hidden = rows.flatMap((row, index) =>
      slotNames.map((slot, column) => [index, column, row[slot].hidden] as const),
    );
    expect(hidden.some(([, , isHidden]) => isHidden)).toBe(true);
    for (const [index, column, isHidden] of hidden)
      expect(lines[index]![7 + column] === 'hidden', `${rows[index]!.userDisplayName} ${slotNames[column]}`).toBe(
        isHidden,
      );
  });

  it('a name a spreadsheet would run as a formula arrives neutralised, its characters kept', async () => {
    const taylor = await given.api.signIn('taylor');
    const me = (await call(given.api, contracts.currentUser, {}, taylor)).body;
    const formula = '=HYPERLINK("http://evil.example","win")';
    const renamed = await call(
      given.api,
      contracts.editUser,
      { id: me.id, displayName: formula, firstName: me.firstName, lastName: me.lastName },
      taylor,
    );
    expect(renamed.status).toBe(200);
    await given.stack.settled();
    const csv = (await call(given.api, contracts.balanceExport, { sportId: nfl, weekId: week9 }, taylor)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""win"")"`);
    expect(csv.split('\r\n').some((line) => line.split(',')[1]?.startsWith('='))).toBe(false);
  });

  it("another client's standings are refused, and a week of another sport", async () => {
    const rival = await given.api.signIn('rival-admin', undefined, 'rival');
    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const across = await call(
      given.api,
      contracts.balanceExport,
      { clientId: demo.id, sportId: nfl, weekId: week9 },
      rival,
    );
    expect(across.status).toBe(403);
    const alex = await given.api.signIn('alex');
    const wrongWeek = await call(given.api, contracts.balanceExport, { sportId: 34, weekId: week9 }, alex);
    expect(wrongWeek.status).toBe(400);
  });
});
