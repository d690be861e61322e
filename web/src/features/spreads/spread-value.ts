// A manual line as the administrator types it and as the server reads it (docs/rules.md, Spreads): beyond
// ±0.5, in steps of 0.1, sent with a comma as decimal separator; a dot typed instead is accepted.
import { lineOutOfRange } from '#domain/games/game-lines.ts';
import { formatSignedPoints } from '@/lib/format';

export type SpreadInput = { ok: true; spread: string } | { ok: false; error: string };

const shape = /^[+-]?\d{1,3}([.,]\d)?$/;

/** Checks a typed line as the server does; answers the value to send ('-3,5') or why it is refused. */
export function readSpreadInput(typed: string): SpreadInput {
  const text = typed.trim().replace('\u2212', '-');
  if (!text) return { ok: false, error: 'The line is required' };
  if (!shape.test(text)) return { ok: false, error: 'The line is a number in steps of 0.1, e.g. -3.5' };
  const value = Number(text.replace(',', '.'));
  if (Math.abs(value) <= 0.5) return { ok: false, error: lineOutOfRange };
  return { ok: true, spread: String(value).replace('.', ',') };
}

/** 0 and 0.0001 (and a missing line) mean no spread. */
export const isNoSpread = (line: number | null): line is null => line === null || Math.abs(line) < 0.001;

/** A home line as the page shows it: '+3.5', '−7' or 'No spread'. */
export const formatLine = (line: number | null): string => (isNoSpread(line) ? 'No spread' : formatSignedPoints(line));

/** A line put back in the edit field, with a plain minus so it reads back as typed. */
export const lineForInput = (line: number | null): string => (isNoSpread(line) ? '' : String(line));
