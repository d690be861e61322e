// The spreads page (docs/rules.md, Spread): a week's games with the feed's line at an affiliate and the
// affiliate's manual line, setting and resetting manual lines, a game's line history; and the client's last-day
// bonus start (docs/rules.md, Bonus day).
import { canActAcrossClients } from '#domain/auth/permissions.ts';
import { lastDayIsBonusDay } from '#domain/betting/bonus-day.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { effectiveHomeLine, type Game } from '#domain/catalogue/types.ts';
import type { LineChange, SpreadRow } from '#domain/contracts/spreads.ts';
import { ConflictError, NotFoundError, ValidationError } from '#domain/errors.ts';
import type { ManualLineCleared, ManualLineSet } from '#domain/games/game-lines.ts';
import { lineChanged, parseLine } from '#domain/games/game-lines.ts';
import { type GameEvent, gameStreamId } from '#domain/games/game-result.ts';
import type { Week } from '#domain/season/weeks.ts';
import type { Deps } from '../../adapters/deps.ts';
import { clearManualLine, setManualLine } from '../../betting/line-service.ts';
import { findGame } from '../../betting/slip-service.ts';
import { getUser } from '../../store/users.ts';
import { sportCatalogue } from '../../store/catalogue-cache.ts';
import {
  getSport,
  listAffiliates,
  listWeekSpreads,
  playedSport,
  playedWeek,
  refuseForeignWeek,
  sportSeason,
} from '../../store/catalogue.ts';
import { listWeekGames, withOutcomes } from '../../views/week-games.ts';
import { keys } from '../../store/keys.ts';
import {
  findManualLine,
  getBonusStart,
  listManualLines,
  putBonusStart,
  unknownManualLine,
} from '../../store/manual-lines.ts';
import { getItem } from '../../store/state-table.ts';
import type { RouteImpl } from '../area-api.ts';
import { queueNewJob } from '../imports/jobs.ts';
import { type Caller, scopedLiveClientId } from '../auth-guard.ts';

/** The affiliate, refused (400) unless it is one of the sport's. */
async function affiliateOf(deps: Deps, sportId: number, affiliateId: number) {
  const affiliate = (await listAffiliates(deps, sportId)).find((candidate) => candidate.id === affiliateId);
  if (!affiliate)
    throw new ValidationError(
      `The affiliate ${affiliateId} is not an affiliate of sport ${sportId}`,
      undefined,
      'FOREIGN_AFFILIATE',
    );
  return affiliate;
}

/** A client manager may look at any sport; anyone else only at a sport their client plays (400). */
async function refuseUnplayedSport(deps: Deps, caller: Caller, sportId: number) {
  if (!canActAcrossClients(caller.permissions)) await playedSport(deps, caller.client.id, sportId);
}

async function sportWeek(
  deps: Deps,
  caller: Caller,
  ids: { sportId: number; weekId: number; seasonId?: number | undefined },
): Promise<Week> {
  if (!canActAcrossClients(caller.permissions)) return (await playedWeek(deps, caller.client.id, ids)).week;
  const week = await getItem<Week>(deps, keys.week(ids.weekId));
  refuseForeignWeek(ids, week);
  return week;
}

const actorOf = (caller: Caller) => ({ actorId: caller.user.id, actorClientId: caller.client.id });

const unknownGame = (gameId: number) => new NotFoundError(`There is no game ${gameId}`, 'UNKNOWN_GAME');

/** The game with its status and score (whether it has started decides whether its line may change). */
async function knownGame(deps: Deps, gameId: number): Promise<Game> {
  const row = await findGame(deps, gameId);
  if (!row) throw unknownGame(gameId);
  const [game] = await withOutcomes(deps, [row]);
  return game!;
}

const winnerOf = (game: Game) =>
  game.homeTeamScore === null || game.awayTeamScore === null || game.homeTeamScore === game.awayTeamScore
    ? null
    : game.homeTeamScore > game.awayTeamScore
      ? game.homeTeamId
      : game.awayTeamId;

/** The week's games as spread rows at the affiliate, by kickoff. */
async function spreadRows(deps: Deps, affiliateId: number, week: Week): Promise<SpreadRow[]> {
  const [games, spreads, manualLines, { teams }] = await Promise.all([
    listWeekGames(deps, week.id),
    listWeekSpreads(deps, affiliateId, week.id),
    listManualLines(deps, affiliateId, week.id),
    sportCatalogue(deps, week.sportId),
  ]);
  const spreadOf = new Map(spreads.map((spread) => [spread.gameId, spread]));
  const manualLineOf = new Map(manualLines.map((line) => [line.gameId, line]));
  const teamName = (teamId: number) => teams.get(teamId)?.name ?? `Team ${teamId}`;
  const now = deps.clock.now();
  return [...games]
    .sort((a, b) => a.beginning.localeCompare(b.beginning) || a.id - b.id)
    .map((game) => {
      const spread = spreadOf.get(game.id);
      const manual = manualLineOf.get(game.id);
      return {
        id: game.id,
        gameId: game.id,
        weekId: game.weekId,
        beginning: game.beginning,
        eventStatus: game.eventStatus,
        homeTeamId: game.homeTeamId,
        homeTeamName: teamName(game.homeTeamId),
        awayTeamId: game.awayTeamId,
        awayTeamName: teamName(game.awayTeamId),
        homeTeamScore: game.homeTeamScore,
        awayTeamScore: game.awayTeamScore,
        ...(game.gameClock !== undefined && { gameClock: game.gameClock }),
        winnerTeamId: winnerOf(game),
        pointSpread: effectiveHomeLine(spread, manual),
        affiliateSpread: spread?.homeSpread ?? null,
        handicapId: manual?.handicapId ?? null,
        lineSetAt: manual?.setAt ?? null,
        useAffiliateSpread: !manual,
        editable: isOpenForPicks({ status: game.eventStatus, beginning: game.beginning }, now),
      };
    });
}

export const spreadList: RouteImpl<'spreadList'> = async ({ input, caller }, deps) => {
  const week = await sportWeek(deps, caller, input);
  const affiliate = await affiliateOf(deps, input.sportId, input.affiliateId);
  return (await spreadRows(deps, affiliate.id, week)).slice((input.page - 1) * input.limit, input.page * input.limit);
};

// Setting and resetting need create and modify clients besides load spreads (routes.ts): the line is every
// client's on that affiliate.
export const setSpread: RouteImpl<'setSpread'> = async ({ input, caller }, deps) => {
  const homeLine = parseLine(input.spread);
  const game = await knownGame(deps, input.gameId);
  const affiliate = await affiliateOf(deps, game.sportId, input.affiliateId);
  // Made from an older read (`lineSetAt`), the game's stream refuses it when another line was set since.
  const madeFrom = input.lineSetAt;
  await setManualLine(deps, { affiliateId: affiliate.id, game, homeLine, madeFrom, ...actorOf(caller) });
  const week = (await getItem<Week>(deps, keys.week(game.weekId)))!;
  const rows = await spreadRows(deps, affiliate.id, week);
  return rows.find((row) => row.gameId === game.id)!;
};

export const useAffiliateSign: RouteImpl<'useAffiliateSign'> = async ({ input, caller }, deps) => {
  const handicapIds = [...new Set(input.map((line) => line.handicapId))];
  // Every line is checked before any is reset: one refusal resets none.
  const resets = [];
  for (const handicapId of handicapIds) {
    const line = await findManualLine(deps, handicapId);
    if (!line) throw unknownManualLine(handicapId);
    // Reset already: by this change asked again (cut off, or its answer lost), or by another administrator.
    if (line.clearedAt) continue;
    // Made from an older read: refused before any line is reset, and by the game's stream at the reset itself.
    const madeFrom = input.find((asked) => asked.handicapId === handicapId)?.lineSetAt;
    if (madeFrom !== undefined && madeFrom !== line.setAt) throw lineChanged(line.gameId);
    const game = await knownGame(deps, line.gameId);
    if (!isOpenForPicks({ status: game.eventStatus, beginning: game.beginning }, deps.clock.now()))
      throw new ConflictError(`The game ${game.id} has started; its spread can no longer change`, 'GAME_STARTED');
    resets.push({ line, game, madeFrom });
  }
  for (const { line, game, madeFrom } of resets)
    await clearManualLine(deps, line, game, { ...actorOf(caller), madeFrom });
  return { reset: handicapIds.length };
};

type ManualLineEvent = ManualLineSet | ManualLineCleared;

/**
 * Who changed the manual lines, by name: only users of the caller's own client are named to someone who does not
 * manage clients; anyone else is 'Administrator'. A line recorded per client names that client, and a client
 * manager then acted from their own.
 */
async function actorNames(deps: Deps, caller: Caller, events: readonly ManualLineEvent[]) {
  const seesAll = canActAcrossClients(caller.permissions);
  const clientsOf = new Map<number, Set<number>>();
  for (const { data } of events) {
    const clients = clientsOf.get(data.actorId) ?? new Set<number>();
    clients.add(data.actorClientId ?? data.clientId ?? caller.client.id).add(caller.client.id);
    clientsOf.set(data.actorId, clients);
  }
  const nameOf = async (actorId: number, clients: Set<number>) => {
    for (const clientId of clients) {
      if (!seesAll && clientId !== caller.client.id) continue;
      const user = await getUser(deps, clientId, actorId);
      if (user) return user.displayName;
    }
    return 'Administrator';
  };
  return new Map(
    await Promise.all(
      [...clientsOf].map(async ([actorId, clients]) => [actorId, await nameOf(actorId, clients)] as const),
    ),
  );
}

export const lineHistory: RouteImpl<'lineHistory'> = async ({ input, caller }, deps) => {
  const game = await knownGame(deps, input.gameId);
  await refuseUnplayedSport(deps, caller, game.sportId);
  const [{ commits }, affiliates] = await Promise.all([
    deps.events.readStream<GameEvent>(gameStreamId(game.id)),
    listAffiliates(deps, game.sportId),
  ]);
  const affiliateName = new Map(affiliates.map((affiliate) => [affiliate.id, affiliate.name]));
  const events = commits.flatMap((commit) => commit.events);
  const manual = events.filter(
    (event): event is ManualLineEvent => event.type === 'ManualLineSet' || event.type === 'ManualLineCleared',
  );
  const actors = await actorNames(deps, caller, manual);
  const changes: LineChange[] = [];
  for (const event of events) {
    if (event.type === 'AffiliateLineSet') {
      const { at, affiliateId, homeLine } = event.data;
      changes.push({
        at,
        affiliateId,
        affiliateName: affiliateName.get(affiliateId) ?? `Affiliate ${affiliateId}`,
        kind: 'affiliate',
        homeLine,
        actorName: 'Feed',
      });
    } else if (event.type === 'ManualLineSet' || event.type === 'ManualLineCleared') {
      const { data } = event;
      changes.push({
        at: data.at,
        affiliateId: data.affiliateId,
        affiliateName: affiliateName.get(data.affiliateId) ?? `Affiliate ${data.affiliateId}`,
        kind: event.type === 'ManualLineSet' ? 'manual' : 'cleared',
        homeLine: 'homeLine' in data ? data.homeLine : null,
        actorName: actors.get(data.actorId) ?? 'Administrator',
      });
    }
  }
  return changes.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
};

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const setBonusGamesStart: RouteImpl<'setBonusGamesStart'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const begin = isoInstant.test(input.begin) ? new Date(input.begin) : undefined;
  if (!begin || Number.isNaN(begin.getTime()))
    throw new ValidationError('begin must be an ISO instant like 2027-01-26T18:00:00Z', undefined, 'INVALID_BEGIN');
  // A season's id names its sport (seasonIdOf: year * 100 + sportId).
  const season = await sportSeason(deps, input.seasonId % 100, input.seasonId);
  const [clientSport, sport] = await Promise.all([
    playedSport(deps, clientId, season.sportId),
    getSport(deps, season.sportId),
  ]);
  const seasonEnd = Date.parse(season.endDate);
  if (deps.clock.now().getTime() > seasonEnd) throw new ConflictError('The season has ended', 'SEASON_OVER');
  if (lastDayIsBonusDay(season.endDate, sport!.timeZone, clientSport))
    throw new ConflictError("The season's last day is already a bonus day", 'LAST_DAY_IS_BONUS_DAY');
  if (begin.getTime() > seasonEnd)
    throw new ValidationError('The bonus games start must be before the season ends', undefined, 'INVALID_BEGIN');
  const bonusGamesStart = begin.toISOString();
  // The start it has already moves nothing: no job setting every client's schedules again.
  const before = await getBonusStart(deps, clientId, season.id);
  if (before?.bonusGamesStart === bonusGamesStart) return { seasonId: season.id, bonusGamesStart };
  await putBonusStart(deps, { clientId, seasonId: season.id, bonusGamesStart });
  // The start moves the last day's lock (Pick Reminders): only the jobs function may set that schedule again.
  await queueNewJob(deps, caller, 'ArmSchedules', {});
  return { seasonId: season.id, bonusGamesStart };
};
