// A game's lines as events on its stream (docs/rules.md, Spread): each affiliate's line as the feed moves it,
// and per client and affiliate a manual line that is in force until it is reset. Who and when are on every
// event, so the line history is never lost.
import { ValidationError } from '../errors.ts';
import type { Event } from '../decider.ts';

export type AffiliateLineSet = Event<
  'AffiliateLineSet',
  { gameId: number; sportId: number; weekId: number; affiliateId: number; homeLine: number; at: string }
>;
export type ManualLineSet = Event<
  'ManualLineSet',
  {
    gameId: number;
    clientId: number;
    affiliateId: number;
    homeLine: number;
    handicapId: number;
    actorId: number;
    at: string;
  }
>;
export type ManualLineCleared = Event<
  'ManualLineCleared',
  { gameId: number; clientId: number; affiliateId: number; handicapId: number; actorId: number; at: string }
>;
export type LineEvent = AffiliateLineSet | ManualLineSet | ManualLineCleared;

/** The game as a line command names it: its kickoff as catalogued (a later move on the stream wins). */
export interface LineGame {
  gameId: number;
  sportId: number;
  weekId: number;
  beginning: string;
}

/** The feed's line at an affiliate; appended only when it moved. */
export type SetAffiliateLine = { type: 'SetAffiliateLine'; game: LineGame; affiliateId: number; homeLine: number };
/** A client's manual line at an affiliate, before kickoff. */
export type SetManualLine = {
  type: 'SetManualLine';
  game: LineGame;
  clientId: number;
  affiliateId: number;
  homeLine: number;
  handicapId: number;
  actorId: number;
};
/** Reset: the client's manual line ends and the affiliate's line is in effect again. */
export type ClearManualLine = {
  type: 'ClearManualLine';
  game: LineGame;
  clientId: number;
  affiliateId: number;
  actorId: number;
};
export type LineCommand = SetAffiliateLine | SetManualLine | ClearManualLine;

export interface ManualLine {
  homeLine: number;
  handicapId: number;
}

export interface LineState {
  /** The latest line of each affiliate, by affiliate id. */
  affiliateLines: ReadonlyMap<number, number>;
  /** The manual lines in force, by manualLineKey(clientId, affiliateId). */
  manualLines: ReadonlyMap<string, ManualLine>;
}

export const noLines: LineState = { affiliateLines: new Map(), manualLines: new Map() };

export const manualLineKey = (clientId: number, affiliateId: number) => `${clientId}#${affiliateId}`;

export function evolveLines(state: LineState, event: LineEvent): LineState {
  if (event.type === 'AffiliateLineSet')
    return {
      ...state,
      affiliateLines: new Map(state.affiliateLines).set(event.data.affiliateId, event.data.homeLine),
    };
  const key = manualLineKey(event.data.clientId, event.data.affiliateId);
  const manualLines = new Map(state.manualLines);
  if (event.type === 'ManualLineSet')
    manualLines.set(key, { homeLine: event.data.homeLine, handicapId: event.data.handicapId });
  else manualLines.delete(key);
  return { ...state, manualLines };
}

const tenths = (line: number) => line * 10;

/** A manual line is beyond ±0.5 and a whole number of tenths (docs/rules.md, Spread). */
export function refuseInvalidLine(homeLine: number): void {
  if (!Number.isFinite(homeLine) || Math.abs(homeLine) <= 0.5)
    throw new ValidationError('The spread must be greater than 0.5 or less than -0.5', undefined, 'INVALID_SPREAD');
  if (Math.abs(tenths(homeLine) - Math.round(tenths(homeLine))) > 1e-9)
    throw new ValidationError('The spread goes in steps of 0.1', undefined, 'INVALID_SPREAD');
}

/**
 * A line as an administrator types it: a comma or a dot as decimal separator, an optional sign, the
 * typographic minus too ('−3,5', '-3.5', '+3'). Answers the number rounded to tenths, or a 400.
 */
export function parseLine(typed: string): number {
  const text = typed
    .trim()
    .replace(/^[\u2212\u2013]/, '-')
    .replace(',', '.');
  if (!/^[+-]?\d+(\.\d+)?$/.test(text))
    throw new ValidationError(`'${typed}' is not a spread: write it like -3,5 or 7`, undefined, 'INVALID_SPREAD');
  const homeLine = Number(text);
  refuseInvalidLine(homeLine);
  return Math.round(tenths(homeLine)) / 10;
}
