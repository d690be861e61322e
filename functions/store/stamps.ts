// Version stamps of what the live reads answer (Bet/balance, Bet/list, Game/list; docs/data-model.md, Version stamps
// of the live reads): a write of what those reads show puts a fresh token on the stamp of its scope after it, the
// store's writes by construction (stamped-partitions.ts), the projector after the views it wrote. A read
// tells from these few small items whether its answer changed (functions/http/etag.ts), and answers 304
// before reading anything else. A token is random, so a stamp deleted and written again never repeats one.
import { createHash, randomUUID } from 'node:crypto';
import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Game, gameRow, type GameRow } from '#domain/catalogue/types.ts';
import type { GameOutcome } from '#domain/betting/grading.ts';
import { groupedBy } from '#domain/grouped-by.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { queryAll } from './table-reads.ts';

export type StampKey = { PK: string; SK: string };
export type Stamp = StampKey & {
  token: string;
  at?: number;
  kickoffs?: string[];
  /** A week's games stamp: each game's kickoff by its id, as the rows hold them (a moved one too). */
  kickoffOf?: Record<string, string>;
  gamesDigest?: string;
} & Turns;

/**
 * Moments at which answers under the stamp turn though nothing is written then, each by what sets it (`turn{id}`):
 * a client's last-day bonus opening of a season (its id), off the quarter hour the ETags follow otherwise.
 */
export type Turns = { [turn: `turn${number}`]: string };

/** The stamp's turn moments (ISO instants). */
export const turnsOf = (stamp: Stamp | undefined): string[] =>
  Object.entries(stamp ?? {}).flatMap(([name, moment]) => (/^turn\d+$/.test(name) ? [String(moment)] : []));

type Store = Pick<Deps, 'db' | 'tables'>;

/** A week's games as the catalogue holds them (rows, affiliate and manual lines), shared by every client; it also carries the week's kickoffs. */
export const weekGamesStamp = (weekId: number): StampKey => keys.weekGamesStamp(weekId);

/**
 * A week's games' status and score as the views have taken them in (the live version, http/bets/live-version.ts, and
 * the ETags of every read that shows them): after the projector recomputed every client week a run of results and
 * live scores touched, each game's status and score as those events said, one attribute per game (`g{gameId}`), so
 * projections of two games at once never undo each other.
 */
export const weekLiveStamp = (weekId: number): StampKey => keys.weekLiveStamp(weekId);

/** A game's status and score as the live stamp holds it. */
export type LiveStampOutcome = [GameOutcome['status'], number | null, number | null];

const liveAttribute = (gameId: number) => `g${gameId}`;

/** The live stamp's games, by id, in id order. */
export const liveStampOutcomes = (stamp: Stamp | undefined): [number, LiveStampOutcome][] =>
  Object.entries(stamp ?? {})
    .filter(([name]) => /^g\d+$/.test(name))
    .map(([name, outcome]): [number, LiveStampOutcome] => [
      Number(name.slice(1)),
      outcome as unknown as LiveStampOutcome,
    ])
    .sort(([a], [b]) => a - b);

/**
 * Records on the week's live stamp the games whose status or score moved from what it holds, with a fresh token;
 * nothing when none did (a live read that moved only a clock), so the live version follows scores, not clocks.
 */
export async function stampWeekLive(deps: Store, weekId: number, outcomes: ReadonlyMap<number, LiveStampOutcome>) {
  const key = weekLiveStamp(weekId);
  const [held] = (await readStamps(deps, [key])) ?? [];
  const had = new Map(liveStampOutcomes(held));
  const moved = [...outcomes].filter(
    ([gameId, outcome]) => JSON.stringify(had.get(gameId)) !== JSON.stringify(outcome),
  );
  if (moved.length === 0) return;
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: key,
      UpdateExpression: `SET #t = :t, #a = :a, ${moved.map((_, index) => `#g${index} = :g${index}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#t': 'token',
        '#a': 'at',
        ...Object.fromEntries(moved.map(([gameId], index) => [`#g${index}`, liveAttribute(gameId)])),
      },
      ExpressionAttributeValues: {
        ':t': randomUUID(),
        ':a': Date.now(),
        ...Object.fromEntries(moved.map(([, outcome], index) => [`:g${index}`, outcome])),
      },
    }),
  );
}

/** A client's week: its slips, totals, penalties and aggregates. */
export const clientWeekStamp = ({ clientId, weekId }: { clientId: number; weekId: number }): StampKey =>
  keys.clientWeekStamp(clientId, weekId);

/** A client's sport: its settings (affiliate, days, bonus start) and its players' names. */
export const clientSportStamp = (clientId: number, sportId: number): StampKey =>
  keys.clientSportStamp(clientId, sportId);

/** A sport's teams as the pick lists name them (the team map): bumped after each build of the map. */
export const sportTeamsStamp = (sportId: number): StampKey => keys.sportTeamsStamp(sportId);

type StampedGames = { kickoffs: readonly string[]; kickoffOf: Record<string, string>; gamesDigest: string };

/**
 * Puts a fresh token on the stamp (and the week's kickoffs, when its game rows were written; the turns a write set).
 * The store's writes call it for what they wrote (stamped-partitions.ts); the projector for the views it wrote.
 */
export async function bumpStamp(deps: Store, key: StampKey, games?: StampedGames, turns: Turns = {}) {
  const turnNames = Object.keys(turns);
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: key,
      UpdateExpression: `SET #t = :t, #a = :a${turnNames.map((_, index) => `, #turn${index} = :turn${index}`).join('')}${games ? ', kickoffs = :k, kickoffOf = :o, gamesDigest = :d REMOVE outcomes' : ''}`,
      ExpressionAttributeNames: {
        '#t': 'token',
        '#a': 'at',
        ...Object.fromEntries(turnNames.map((name, index) => [`#turn${index}`, name])),
      },
      ExpressionAttributeValues: {
        ':t': randomUUID(),
        // Real time, not the product's clock: it tells how long ago the write was, for index replication.
        ':a': Date.now(),
        ...Object.fromEntries(Object.values(turns).map((moment, index) => [`:turn${index}`, moment])),
        ...(games && { ':k': [...games.kickoffs].sort(), ':o': games.kickoffOf, ':d': games.gamesDigest }),
      },
    }),
  );
}

export const bumpStamps = (deps: Store, stamps: readonly StampKey[]) =>
  Promise.all(stamps.map((key) => bumpStamp(deps, key)));

/**
 * A stamp bumped within the index lag (Deps.indexLagMs) may cover writes an index (the rank pages' GSIs) does not
 * show yet: an answer read now is not tagged by it (functions/http/etag.ts).
 */
export const settling = (stamps: readonly (Stamp | undefined)[], indexLagMs: number) =>
  stamps.some((stamp) => stamp?.at !== undefined && Date.now() - stamp.at < indexLagMs);

/** The stamps in the order asked (undefined where none was written yet): one consistent BatchGet; undefined when DynamoDB left some unread. */
export async function readStamps(deps: Store, stamps: readonly StampKey[]): Promise<(Stamp | undefined)[] | undefined> {
  const answer = await deps.db.send(
    new BatchGetCommand({ RequestItems: { [deps.tables.state]: { Keys: [...stamps], ConsistentRead: true } } }),
  );
  const found = (answer.Responses?.[deps.tables.state] ?? []) as Stamp[];
  const unread = answer.UnprocessedKeys?.[deps.tables.state]?.Keys?.length ?? 0;
  if (unread > 0) return undefined;
  return stamps.map((key) => found.find((stamp) => stamp.PK === key.PK && stamp.SK === key.SK));
}

/** Keys in order, so games read back from the table digest as those an import holds in memory. */
const canonical = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

/** A week's rows as kept: a game's outcome is not the row's (an older row may still carry one, left unread). */
const digestOf = (games: readonly (Game | GameRow)[]) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        games.map(gameRow).sort((a, b) => a.id - b.id),
        canonical,
      ),
    )
    .digest('base64url');

/**
 * A week's games stamp after its game rows were written (stamped-partitions.ts calls it for every write of them): a
 * fresh token with the rows' kickoffs and digest, read from the table after the write, so of two imports at once the
 * one stamping last never stamps an older view than the rows hold. Nothing when the rows digest as the stamp already
 * says (a write that changed nothing, or a stamp already written for them) unless `always` (lines written with them).
 */
export async function restampWeekGames(deps: Store, weekId: number, options: { always?: boolean; held?: Stamp } = {}) {
  const key = weekGamesStamp(weekId);
  const [held, weekGames] = await Promise.all([
    options.held ?? readStamps(deps, [key]).then((stamps) => stamps?.[0]),
    queryAll<GameRow>(deps, keys.gamesPartition(weekId)),
  ]);
  const digest = digestOf(weekGames);
  if (!options.always && held?.gamesDigest === digest) return;
  await bumpStamp(deps, key, {
    kickoffs: weekGames.map((game) => game.beginning),
    kickoffOf: Object.fromEntries(weekGames.map((game) => [game.id, game.beginning])),
    gamesDigest: digest,
  });
}

/**
 * After an import: each week of the games it holds whose rows differ from what its stamp last saw is stamped again.
 * The write of the rows stamped them already; this is for a run resumed after a crash between its rows and their
 * stamp, which finds the rows written and writes none. Compared by content, so a run that changed nothing (Live
 * Scores every minute) writes nothing: one BatchGet per hundred weeks.
 */
export async function stampWeeksGames(deps: Store, games: Iterable<Game | GameRow>) {
  const weeks = groupedBy(games, (game) => game.weekId);
  for (let start = 0; start < weeks.length; start += 100) {
    const batch = weeks.slice(start, start + 100);
    const stamps =
      (await readStamps(
        deps,
        batch.map(([weekId]) => weekGamesStamp(weekId)),
      )) ?? [];
    await Promise.all(
      batch.map(async ([weekId, held], index) => {
        if (stamps[index]?.gamesDigest === digestOf(held)) return;
        await restampWeekGames(deps, weekId, { held: stamps[index] });
      }),
    );
  }
}
