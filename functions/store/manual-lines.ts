// The manual lines in force per affiliate and week (the game's stream keeps their history), and the client's
// last-day bonus start per season.
import { NotFoundError } from '#domain/errors.ts';
import type { ManualLine } from '#domain/games/game-lines.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { findOwned, getItem, isConditionFailure, putItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export interface ManualLineItem {
  handicapId: number;
  affiliateId: number;
  sportId: number;
  weekId: number;
  gameId: number;
  homeLine: number;
  actorId: number;
  /** The client of the administrator who set it (absent on lines set while they were kept per client). */
  actorClientId?: number;
  setAt: string;
  /** Set by the reset: the affiliate's line is in effect again. */
  clearedAt?: string;
  /** The version of the game's stream the item shows (absent on items written before it was kept). */
  streamVersion?: number;
}

/** The item of a manual line in force, as the game's stream (at `streamVersion`) holds it. */
export const manualLineItem = (
  { gameId, sportId, weekId }: { gameId: number; sportId: number; weekId: number },
  affiliateId: number,
  { at, actorClientId, ...line }: ManualLine,
  streamVersion: number,
): ManualLineItem & { streamVersion: number } => ({
  gameId,
  sportId,
  weekId,
  affiliateId,
  ...line,
  ...(actorClientId === undefined ? {} : { actorClientId }),
  setAt: at,
  streamVersion,
});

/** The affiliate's manual lines in force for the week's games. */
export const listManualLines = async (deps: Store, affiliateId: number, weekId: number) =>
  (await queryAll<ManualLineItem>(deps, keys.manualLinesPartition(affiliateId, weekId))).filter(
    (line) => !line.clearedAt,
  );

/** The affiliate's manual line of the game, reset or not (a reset one keeps its history). */
export async function getManualLine(deps: Store, ids: { affiliateId: number; weekId: number; gameId: number }) {
  const { PK, SK } = keys.manualLine({ ...ids, handicapId: 0 });
  return getItem<ManualLineItem>(deps, { PK, SK });
}

/**
 * Puts the line (its write stamps the week's games, so the pick lists' ETags change) unless the item shows a later
 * version of the game's stream already: of a set and a reset at once, or two sets, the item ends as the stream's last.
 */
export async function putManualLine(deps: Store, line: ManualLineItem & { streamVersion: number }) {
  try {
    await putItem(
      deps,
      { ...keys.manualLine(line), ...line },
      {
        when: 'attribute_not_exists(streamVersion) OR streamVersion < :streamVersion',
        values: { ':streamVersion': line.streamVersion },
        // Its own earlier put (the SDK sent it again) or one asked again after a crash: the same line, stamped.
        isOwn: (held) => held.streamVersion === line.streamVersion,
      },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export const unknownManualLine = (handicapId: number) =>
  new NotFoundError(`There is no manual spread ${handicapId} in force`, 'UNKNOWN_MANUAL_LINE');

/** A manual line by its id alone, in force or reset; undefined once another line of its game took its item. */
export async function findManualLine(deps: Store, handicapId: number) {
  const found = await findOwned<ManualLineItem>(deps, 'MANUALLINE', handicapId, (indexed) => keys.manualLine(indexed));
  return found?.handicapId === handicapId ? found : undefined;
}

export interface BonusStart {
  clientId: number;
  seasonId: number;
  bonusGamesStart: string;
}

export const getBonusStart = (deps: Store, clientId: number, seasonId: number) =>
  getItem<BonusStart>(deps, keys.bonusStart(clientId, seasonId));

/** Puts the client's bonus start (its write stamps the client sport). */
export const putBonusStart = (deps: Store, start: BonusStart) =>
  putItem(deps, { ...keys.bonusStart(start.clientId, start.seasonId), ...start });
