// Lines as the spreads page and Import Spreads change them: the event on the game's stream first (the
// record), then the state item the reads use (docs/rules.md, Spread).
import type { GameRow } from '#domain/catalogue/types.ts';
import { DomainError } from '#domain/errors.ts';
import type { LineGame, SetAffiliateLine } from '#domain/games/game-lines.ts';
import { gameDecider, gameStreamId } from '#domain/games/game-result.ts';
import { groupedBy } from '#domain/grouped-by.ts';
import { inBatches, streamsAtOnce } from '#domain/in-batches.ts';
import { handleCommand, handleCommands } from '../store/command-handler.ts';
import type { Deps } from '../adapters/deps.ts';
import { getManualLine, type ManualLineItem, manualLineItem, putManualLine } from '../store/manual-lines.ts';

export const lineGameOf = (game: GameRow): LineGame => ({
  gameId: game.id,
  sportId: game.sportId,
  weekId: game.weekId,
  beginning: game.beginning,
});

const metaOf = (deps: Deps, now: Date, actor: number | string) => ({
  at: now.toISOString(),
  actor,
  correlationId: deps.ids.correlation(),
});

/** Who changes a line: the administrator and their client. */
export interface LineActor {
  actorId: number;
  actorClientId: number;
}

export interface ManualLineRequest extends LineActor {
  affiliateId: number;
  game: GameRow;
  homeLine: number;
  /** When the line the set was made from was set ('' for none); left out, it is not checked. */
  madeFrom?: string | undefined;
}

/**
 * A change refused as made from an older read (LINE_CHANGED) first writes the line's item as the game's stream holds
 * it: the page may have read an item a crash left behind its stream, and read again it must show the line to change
 * from, or every change from it would be refused for good.
 */
function repairedWhenStale(deps: Deps, game: GameRow, affiliateId: number, item: ManualLineItem | undefined) {
  return async (error: unknown): Promise<never> => {
    if (error instanceof DomainError && error.code === 'LINE_CHANGED') {
      const now = deps.clock.now();
      const streamId = gameStreamId(game.id);
      const { state, version } = await handleCommands(deps, streamId, metaOf(deps, now, 0), gameDecider, [], { now });
      const inForce = state.manualLines.get(affiliateId);
      // Only an item behind its stream is written: a refusal otherwise changes nothing.
      const itemShows = item && !item.clearedAt ? item : undefined;
      if (inForce && (itemShows?.setAt !== inForce.at || itemShows.homeLine !== inForce.homeLine))
        await putManualLine(deps, manualLineItem(lineGameOf(game), affiliateId, inForce, version));
      else if (!inForce && itemShows)
        await putManualLine(deps, { ...itemShows, clearedAt: now.toISOString(), streamVersion: version });
    }
    throw error;
  };
}

/** Sets the affiliate's manual line; a line already in force keeps its id (the reset names it). */
export async function setManualLine(deps: Deps, request: ManualLineRequest): Promise<ManualLineItem> {
  const { affiliateId, game, homeLine, madeFrom, ...actor } = request;
  const ids = { affiliateId, weekId: game.weekId, gameId: game.id };
  const earlier = await getManualLine(deps, ids);
  const handicapId = earlier && !earlier.clearedAt ? earlier.handicapId : await deps.ids.next('handicap');
  const now = deps.clock.now();
  const { state, version } = await handleCommand(
    deps,
    gameStreamId(game.id),
    metaOf(deps, now, actor.actorId),
    gameDecider,
    { type: 'SetManualLine', game: lineGameOf(game), affiliateId, homeLine, handicapId, madeFrom, ...actor },
    { now },
  ).catch(repairedWhenStale(deps, game, affiliateId, earlier));
  // As the stream holds it: this set, or (asked again after a crash before its item) the one it recorded then.
  const line = manualLineItem(lineGameOf(game), affiliateId, state.manualLines.get(affiliateId)!, version);
  await putManualLine(deps, line);
  return line;
}

/**
 * Reset: the manual line ends; its item stays, marked cleared, and the stream keeps its history. Asked again after a
 * crash before its item, it appends nothing and writes the item as the stream holds the line.
 */
export async function clearManualLine(
  deps: Deps,
  line: ManualLineItem,
  game: GameRow,
  actor: LineActor & { madeFrom?: string | undefined },
) {
  const now = deps.clock.now();
  const { affiliateId, handicapId } = line;
  const { state, version } = await handleCommand(
    deps,
    gameStreamId(game.id),
    metaOf(deps, now, actor.actorId),
    gameDecider,
    { type: 'ClearManualLine', game: lineGameOf(game), affiliateId, handicapId, ...actor },
    { now },
  ).catch(repairedWhenStale(deps, game, affiliateId, line));
  const inForce = state.manualLines.get(affiliateId);
  await putManualLine(
    deps,
    inForce
      ? manualLineItem(lineGameOf(game), affiliateId, inForce, version)
      : { ...line, clearedAt: now.toISOString(), streamVersion: version },
  );
}

/** The feed's lines, one commit per game holding its moved lines, a few games at a time; told the lines done after each. */
export async function recordAffiliateLines(
  deps: Deps,
  commands: readonly SetAffiliateLine[],
  actor: string,
  onRecorded?: (lines: number) => Promise<void>,
) {
  const now = deps.clock.now();
  let recorded = 0;
  await inBatches(
    groupedBy(commands, (command) => command.game.gameId),
    streamsAtOnce,
    async ([gameId, lines]) => {
      await handleCommands(deps, gameStreamId(gameId), metaOf(deps, now, actor), gameDecider, lines, { now });
      recorded += lines.length;
    },
    async () => onRecorded?.(recorded),
  );
}
