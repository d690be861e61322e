// Manual lines were kept per client and affiliate; they are now the affiliate's (docs/rules.md, Spread). This
// one-time step rewrites the state items the reads use from the games' streams, which keep every line ever set:
// each game that had a per-client line gets the line its stream now puts in force at each affiliate (the latest
// set, unless reset), and the per-client items go. Idempotent: the new items are written before the old ones are
// deleted, and the marker last, so a step cut short is simply run again.
import { foldEvents } from '#domain/decider.ts';
import { type GameEvent, gameDecider, gameStreamId } from '#domain/games/game-result.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from '../store/keys.ts';
import { type ManualLineItem, manualLineItem } from '../store/manual-lines.ts';
import { batchDelete, batchPut, getItem, type Key, putItem, scanByPrefix } from '../store/state-table.ts';

const marker = keys.migration('manual-lines-per-affiliate');

type ClientLineItem = Key & { gameId: number; sportId: number; weekId: number };

const clientLineItems = (deps: Deps) => scanByPrefix<ClientLineItem>(deps, keys.clientManualLinesPrefix);

/** The lines in force at each affiliate as the game's stream has them. */
async function linesInForce(deps: Deps, game: ClientLineItem): Promise<ManualLineItem[]> {
  const { version, commits } = await deps.events.readStream<GameEvent>(gameStreamId(game.gameId));
  const state = foldEvents(
    gameDecider,
    commits.flatMap((commit) => commit.events),
  );
  return [...state.manualLines].map(([affiliateId, line]) => manualLineItem(game, affiliateId, line, version));
}

/** Runs once per database; answers how many per-client items it moved, or undefined when done before. */
export async function migrateClientManualLines(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  const old = await clientLineItems(deps);
  const games = new Map(old.map((item) => [item.gameId, item]));
  const lines = (await Promise.all([...games.values()].map((game) => linesInForce(deps, game)))).flat();
  await batchPut(
    deps,
    lines.map((line) => ({ ...keys.manualLine(line), ...line })),
  );
  await batchDelete(
    deps,
    old.map(({ PK, SK }) => ({ PK, SK })),
  );
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return old.length;
}
