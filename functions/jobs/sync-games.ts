// A feed's games applied to ours: new games added to the week holding their kickoff, known ones updated
// (kickoff, status, score), each game once whatever the number of runs. Results and schedule changes are
// events on the game's stream: a kickoff moved within its week keeps the bets; a game moved out of its week
// is recorded postponed (its bets are void, as for a canceled game) and continues as a new game in the
// week it moved to. A game under way gets its live score (GameScoreUpdated) and its row the clock; its result,
// when it comes, replaces them. A game's status and score are its events' only: every read takes them from the
// outcome facts the projector folds from them (views/week-games.ts, listWeekGames).
import { GameStatus, isOverStatus, isUpcomingStatus, isVoidStatus } from '#domain/catalogue/game-status.ts';
import { type Game, gameRow, type Sport, type Team } from '#domain/catalogue/types.ts';
import type { RefusedRow } from '#domain/contracts/jobs.ts';
import { type GameCommand, type GameFacts, gameDecider, gameStreamId } from '#domain/games/game-result.ts';
import { groupedBy } from '#domain/grouped-by.ts';
import { inBatches, streamsAtOnce } from '#domain/in-batches.ts';
import { type Week, weekContaining } from '#domain/season/weeks.ts';
import { handleCommand } from '../store/command-handler.ts';
import type { Deps } from '../adapters/deps.ts';
import type { FeedGame } from '../providers/port.ts';
import { listWeekGames } from '../views/week-games.ts';
import { keys } from '../store/keys.ts';
import { batchPut } from '../store/state-table.ts';
import { stampWeeksGames } from '../store/stamps.ts';
import type { FeedRefs } from './feed-refs.ts';
import { forgetResultsDigest } from './results-digest.ts';
import { teamMatcher } from './import-teams.ts';
import { type JobProgress, progressStep } from './job-progress.ts';

export interface GameSync {
  sport: Sport;
  refs: FeedRefs;
  teams: readonly Team[];
  /** The season's weeks: a game is kept in the week holding its kickoff. */
  weeks: readonly Week[];
  actorId: number;
  /** Only update known games (a results feed): a game not imported yet is refused. */
  knownOnly?: boolean;
  /** Told how many of the feed's games are done, as they are (the job's progress). */
  onProgress?: JobProgress;
}

export interface GameSyncCounts {
  gamesAdded: number;
  gamesUpdated: number;
  gamesMoved: number;
  /** Games whose status or score changed. */
  changed: number;
}

const factsOf = (game: Game): GameFacts => ({
  gameId: game.id,
  sportId: game.sportId,
  weekId: game.weekId,
  homeTeamId: game.homeTeamId,
  beginning: game.beginning,
});

/** The game's row with this status and score; a clock only while it is under way. */
function scored(game: Game, status: GameStatus, homeScore: number | null, awayScore: number | null, clock?: string) {
  const { gameClock: _previous, ...rest } = game;
  const row: Game = { ...rest, eventStatus: status, homeTeamScore: homeScore, awayTeamScore: awayScore };
  return clock === undefined ? row : { ...row, gameClock: clock };
}

/** The command the feed's report of a game leads to: a live score while under way, else a result. */
function reportCommand(game: Game, feedGame: FeedGame): GameCommand {
  const { status, homeScore, awayScore } = feedGame;
  if (status !== GameStatus.Live)
    return { type: 'RecordResult', game: factsOf(game), result: { status, homeScore, awayScore } };
  const score = {
    homeScore: homeScore ?? 0,
    awayScore: awayScore ?? 0,
    period: feedGame.period ?? null,
    clock: feedGame.clock ?? null,
  };
  return { type: 'UpdateLiveScore', game: factsOf(game), score };
}

/**
 * Why the feed's report of a game cannot be taken, if it cannot: both sides one team, the game listed twice in one
 * answer, a known game's teams not its own (either way round), or a final result without its score.
 */
function unsoundReport(
  listed: FeedGame,
  teams: Pick<Game, 'homeTeamId' | 'awayTeamId'>,
  game: Game | undefined,
  seen: ReadonlySet<string>,
): string | undefined {
  if (teams.homeTeamId === teams.awayTeamId) return 'Both sides are the same team';
  if (seen.has(listed.ref)) return 'Listed twice in one answer: the first is taken';
  const ours = game && [game.homeTeamId, game.awayTeamId].sort().join();
  if (ours && ours !== [teams.homeTeamId, teams.awayTeamId].sort().join())
    return 'The feed names other teams than the game has: not changed';
  if (listed.status === GameStatus.Finished && (listed.homeScore === null || listed.awayScore === null))
    return 'A final result without its score: not recorded';
  return undefined;
}

/** The report with home and away the other way round. */
const reversed = (listed: FeedGame): FeedGame => ({
  ...listed,
  home: listed.away,
  away: listed.home,
  homeScore: listed.awayScore,
  awayScore: listed.homeScore,
});

const describeGame = (game: FeedGame) => `game ${game.ref} (${game.away.name} at ${game.home.name}, ${game.beginning})`;

/** Our games of the weeks, by id. */
export async function gamesOfWeeks(deps: Deps, weeks: readonly Week[]) {
  const games = new Map<number, Game>();
  for (const week of weeks) for (const game of await listWeekGames(deps, week.id)) games.set(game.id, game);
  return games;
}

export async function syncGames(deps: Deps, sync: GameSync, feedGames: readonly FeedGame[]) {
  const { sport, refs, weeks, actorId } = sync;
  const ours = await gamesOfWeeks(deps, weeks);
  const teamOf = teamMatcher(refs, sync.teams);
  const counts: GameSyncCounts = { gamesAdded: 0, gamesUpdated: 0, gamesMoved: 0, changed: 0 };
  const refused: RefusedRow[] = [];
  const rows = new Map<number, Game>();
  const commands: { game: Game; command: GameCommand }[] = [];
  const postpone = (game: Game) => {
    const postponed = { status: GameStatus.Postponed, homeScore: null, awayScore: null };
    commands.push({ game, command: { type: 'RecordResult', game: factsOf(game), result: postponed } });
    rows.set(game.id, scored(game, GameStatus.Postponed, null, null));
    counts.gamesMoved += 1;
  };

  const seen = new Set<string>();
  for (const listed of feedGames) {
    const homeTeamId = teamOf(listed.home);
    const awayTeamId = teamOf(listed.away);
    const unknown = homeTeamId === undefined ? listed.home : awayTeamId === undefined ? listed.away : undefined;
    if (unknown || homeTeamId === undefined || awayTeamId === undefined) {
      refused.push({ item: describeGame(listed), reason: `Unknown team '${unknown?.name}': load the teams first` });
      continue;
    }
    const knownId = refs.get('GAME', listed.ref) ?? listed.id;
    let game = knownId === undefined ? undefined : ours.get(knownId);
    // The game it continues, when a run that moved it out of its week was cut off before postponing it there.
    const left = ours.get(refs.replaced('GAME', listed.ref) ?? Number.NaN);
    const unsound = unsoundReport(listed, { homeTeamId, awayTeamId }, game ?? left, seen);
    if (unsound) {
      refused.push({ item: describeGame(listed), reason: unsound });
      continue;
    }
    seen.add(listed.ref);
    if (left && !isOverStatus(left.eventStatus)) postpone(left);
    // The feed's report as our game's sides have it (a feed may list a known game's teams the other way round); a game
    // it continues as (moved to another week) keeps those sides.
    const ourGame = game ?? left;
    const turned = ourGame !== undefined && ourGame.homeTeamId !== homeTeamId;
    const feedGame = turned ? reversed(listed) : listed;
    const sides = turned ? { homeTeamId: awayTeamId, awayTeamId: homeTeamId } : { homeTeamId, awayTeamId };
    const week = weekContaining(weeks, new Date(feedGame.beginning));
    const addTo = async (into: Week, id: number): Promise<Game> => {
      const added: Game = {
        id,
        sportId: sport.id,
        seasonId: into.seasonId,
        weekId: into.id,
        beginning: feedGame.beginning,
        eventStatus: GameStatus.Upcoming,
        ...sides,
        homeTeamScore: null,
        awayTeamScore: null,
      };
      rows.set(added.id, added);
      counts.gamesAdded += 1;
      return added;
    };

    if (!game) {
      if (sync.knownOnly) {
        refused.push({ item: describeGame(feedGame), reason: 'Not imported yet: run Import Games first' });
        continue;
      }
      if (!week) {
        refused.push({ item: describeGame(feedGame), reason: 'The kickoff is outside the season' });
        continue;
      }
      game = await addTo(week, await refs.idOf('GAME', feedGame.ref, feedGame.id));
    } else if (Date.parse(game.beginning) !== Date.parse(feedGame.beginning)) {
      if (week?.id === game.weekId) {
        commands.push({ game, command: { type: 'MoveKickoff', game: factsOf(game), to: feedGame.beginning } });
        game = { ...game, beginning: feedGame.beginning };
        rows.set(game.id, game);
        counts.gamesUpdated += 1;
      } else if (
        !isOverStatus(game.eventStatus) ||
        (game.eventStatus === GameStatus.Postponed && !isVoidStatus(feedGame.status))
      ) {
        // A game the feed postponed before it named the new date (and plays, or played, on it) is postponed already:
        // it continues, also when first seen again final (its result is the new game's, never its old week's).
        if (game.eventStatus !== GameStatus.Postponed) postpone(game);
        if (!week) continue;
        game = await addTo(week, await refs.renew('GAME', feedGame.ref));
      }
    }

    const live = feedGame.status === GameStatus.Live;
    // A live answer arriving after the result never reopens the game, and a feed that only knows a game has started
    // (Undefined: The Odds API's schedule) never wipes the score a live or final answer gave it.
    if (live && isOverStatus(game.eventStatus)) continue;
    if (feedGame.status === GameStatus.Undefined && !isUpcomingStatus(game.eventStatus)) continue;
    const clock = live ? (feedGame.clock ?? undefined) : undefined;
    const sameAsOurs =
      game.eventStatus === feedGame.status &&
      (game.homeTeamScore ?? null) === feedGame.homeScore &&
      (game.awayTeamScore ?? null) === feedGame.awayScore &&
      game.gameClock === clock;
    if (!sameAsOurs) {
      commands.push({ game, command: reportCommand(game, feedGame) });
      if (!rows.has(game.id)) counts.gamesUpdated += 1;
      const row = rows.get(game.id) ?? game;
      rows.set(game.id, scored(row, feedGame.status, feedGame.homeScore, feedGame.awayScore, clock));
    }
  }

  // The refs first: a run that dies before the rows are written finds the same ids when it runs again.
  await refs.save();
  if (commands.length > 0 || rows.size > 0) await forgetResultsDigest(deps, sport.id);
  const now = deps.clock.now();
  // A game needing no change is done once matched; the others as their events are appended.
  const total = feedGames.length;
  await sync.onProgress?.(total - commands.length, total);
  // A game's commands in their order; the games a few at a time, as the line imports go.
  let done = 0;
  let reported = 0;
  await inBatches(
    groupedBy(commands, ({ game }) => game.id),
    streamsAtOnce,
    async ([gameId, each]) => {
      for (const { command } of each) {
        const meta = { at: now.toISOString(), actor: actorId, correlationId: deps.ids.correlation() };
        const { appended } = await handleCommand(deps, gameStreamId(gameId), meta, gameDecider, command, {
          now,
        });
        if (command.type !== 'MoveKickoff' && appended.length) counts.changed += 1;
        done += 1;
      }
    },
    async () => {
      if (done - reported < progressStep) return;
      reported = done;
      await sync.onProgress?.(total - commands.length + done, total);
    },
  );
  if (commands.length > 0) await sync.onProgress?.(total, total);
  // A row keeps the catalogue's part (kickoff, teams, clock); the status and score are the events' alone.
  await batchPut(
    deps,
    [...rows.values()].map((game) => ({ ...keys.game(game.weekId, game.id), ...gameRow(game) })),
  );
  // The games as they now stand, so what follows the import need not read them again. The batch stamped the weeks
  // whose rows it wrote; a run resumed after a crash between its rows and their stamps stamps them here.
  const games = new Map([...ours, ...rows]);
  await stampWeeksGames(deps, games.values());
  return { counts, refused, games };
}
