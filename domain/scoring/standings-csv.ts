// The standings export (docs/rules.md, Standings export) as CSV (RFC 4180, CRLF lines): a week's leaderboard rows
// with each pick. A text cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR, or a
// full-width or small form of one of them, which a spreadsheet may read as the plain sign) is neutralised with a
// leading apostrophe (OWASP, CSV injection); the name keeps its characters after it. Every CSV file the app writes
// goes through textCell.
import { BetResult } from '../betting/grading.ts';
import type { LeaderboardCell, LeaderboardRow } from '../contracts/leaderboard.ts';
import { type SlotName, slotNames } from './week-scores.ts';

const formulaSigns = /^[=+\-@\t\r]/;

/**
 * Whether a spreadsheet would run the text: its first character, in compatibility form (NFKC: full-width '＝' is '=',
 * small '﹢' is '+'), is a formula sign.
 */
export function startsFormula(value: string): boolean {
  const [first] = value;
  return first !== undefined && formulaSigns.test(first.normalize('NFKC'));
}

/** A text cell: neutralised if a spreadsheet would run it, quoted if it holds a comma, a quote or a line break. */
export function textCell(value: string): string {
  const safe = startsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line; numbers are written as they are (the export makes them, nobody types them). */
export const csvLine = (cells: readonly (string | number)[]) =>
  `${cells.map((cell) => (typeof cell === 'number' ? String(cell) : textCell(cell))).join(',')}\r\n`;

const slotHeaders: Record<SlotName, string> = {
  twentyPoint: '20-point pick',
  firstTenPoint: '10-point pick',
  secondTenPoint: 'Second 10-point pick',
  firstFivePoint: '5-point pick',
  secondFivePoint: 'Second 5-point pick',
  bonusPoint: 'Bonus pick',
};

export const standingsHeader = csvLine([
  'Rank',
  'Player',
  'First name',
  'Last name',
  'Week points',
  'Year to date',
  'Penalty',
  ...slotNames.map((slot) => slotHeaders[slot]),
]);

const resultNames: Record<number, string> = {
  [BetResult.Won]: 'won',
  [BetResult.Lost]: 'lost',
  [BetResult.Draw]: 'push',
};

/** A pick as its cell says it: 'Chiefs -3.5 (20, won)'; 'hidden' before its game starts; empty without one. */
export function pickText(cell: LeaderboardCell, teamName: (teamId: number) => string): string {
  if (cell.hidden) return 'hidden';
  if (cell.teamId === null) return '';
  const line = cell.Spread === null ? '' : ` ${cell.Spread > 0 ? '+' : ''}${cell.Spread === 0 ? 'PK' : cell.Spread}`;
  const result = cell.noResult ? 'no result' : resultNames[cell.BetResult ?? BetResult.NotSet];
  return `${teamName(cell.teamId)}${line} (${cell.Points}${result ? `, ${result}` : ''})`;
}

export const standingsLine = (row: LeaderboardRow, teamName: (teamId: number) => string) =>
  csvLine([
    row.rank,
    row.userDisplayName,
    row.firstName,
    row.lastName,
    row.weekPoints,
    row.totalSeasonBalance,
    row.penalty,
    ...slotNames.map((slot) => pickText(row[slot], teamName)),
  ]);
