// A game's lines as events on its stream (docs/rules.md, Spread): each affiliate's line as the feed moves it,
// and per affiliate a manual line, seen by every client on that affiliate, in force until it is reset. Who and
// when are on every event, so the line history is never lost.
import { ConflictError, ValidationError } from '../errors.ts';
import type { Event } from '../decider.ts';

export type AffiliateLineSet = Event<
  'AffiliateLineSet',
  { gameId: number; sportId: number; weekId: number; affiliateId: number; homeLine: number; at: string }
>;
/**
 * Who changed a manual line: the user and their client. Lines recorded while they were kept per client name that
 * client instead (clientId, no actorClientId); they are read as the affiliate's lines (docs/rules.md, Spread).
 */
interface ManualLineActor {
  actorId: number;
  actorClientId?: number;
  /** Only on lines recorded while they were kept per client. */
  clientId?: number;
}
export type ManualLineSet = Event<
  'ManualLineSet',
  ManualLineActor & { gameId: number; affiliateId: number; homeLine: number; handicapId: number; at: string }
>;
export type ManualLineCleared = Event<
  'ManualLineCleared',
  ManualLineActor & { gameId: number; affiliateId: number; handicapId: number; at: string }
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
/** The affiliate's manual line, before kickoff. */
export type SetManualLine = {
  type: 'SetManualLine';
  game: LineGame;
  affiliateId: number;
  homeLine: number;
  handicapId: number;
  actorId: number;
  actorClientId: number;
  /** When the manual line the change was made from was set ('' for none): a line set since refuses it. */
  madeFrom?: string | undefined;
};
/** Reset: the affiliate's manual line of this id ends and the feed's line is in effect again. */
export type ClearManualLine = {
  type: 'ClearManualLine';
  game: LineGame;
  affiliateId: number;
  handicapId: number;
  actorId: number;
  actorClientId: number;
  /** When the manual line the reset was made from was set: the line set again since refuses it. */
  madeFrom?: string | undefined;
};
export type LineCommand = SetAffiliateLine | SetManualLine | ClearManualLine;

export interface ManualLine {
  homeLine: number;
  handicapId: number;
  actorId: number;
  actorClientId?: number;
  at: string;
}

export interface LineState {
  /** The latest line of each affiliate, by affiliate id. */
  affiliateLines: ReadonlyMap<number, number>;
  /** The manual lines in force, by affiliate id. */
  manualLines: ReadonlyMap<number, ManualLine>;
}

export const noLines: LineState = { affiliateLines: new Map(), manualLines: new Map() };

/** A set or a reset made from an older read of the game's manual line: another administrator's since stays. */
export const lineChanged = (gameId: number) =>
  new ConflictError(
    `Someone else changed the line of game ${gameId} meanwhile: see the lines as they stand and change it again`,
    'LINE_CHANGED',
  );

export function evolveLines(state: LineState, event: LineEvent): LineState {
  if (event.type === 'AffiliateLineSet')
    return {
      ...state,
      affiliateLines: new Map(state.affiliateLines).set(event.data.affiliateId, event.data.homeLine),
    };
  const { affiliateId, handicapId, actorId, actorClientId, at } = event.data;
  const manualLines = new Map(state.manualLines);
  // The latest line set is in force; a reset ends only the line it names. (Lines recorded per client: one client's
  // reset leaves a line another client set later in force.)
  if (event.type === 'ManualLineSet')
    manualLines.set(affiliateId, { homeLine: event.data.homeLine, handicapId, actorId, actorClientId, at });
  else if (manualLines.get(affiliateId)?.handicapId === handicapId) manualLines.delete(affiliateId);
  return { ...state, manualLines };
}

const tenths = (line: number) => line * 10;

/** Why a line within ±0.5 is refused, as the server and the Spreads page both say it. */
export const lineOutOfRange = 'A line must be above 0.5 or below \u22120.5';

/** A manual line is beyond ±0.5 and a whole number of tenths (docs/rules.md, Spread). */
export function refuseInvalidLine(homeLine: number): void {
  if (!Number.isFinite(homeLine) || Math.abs(homeLine) <= 0.5)
    throw new ValidationError(lineOutOfRange, undefined, 'INVALID_SPREAD');
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
