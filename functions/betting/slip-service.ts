// A week's slip as the client sees it: load the week once (client sport, season, games,
// the lines in effect for the client, the last-day bonus start), decide, append. The HTTP handlers and the demo seed all come through here.
import { isUpcomingStatus } from '#domain/catalogue/game-status.ts';
import { toBetRow } from '#domain/betting/bet-rows.ts';
import { type PickCounts, pickShareOf } from '#domain/scoring/pick-share.ts';
import { isBonusDay, lastDayBonusIsOn } from '#domain/betting/bonus-day.ts';
import {
  type GameFacts,
  type SlipCommand,
  type SlipEvent,
  slipStreamId,
  type SlipId,
  type SlipState,
} from '#domain/betting/slip.ts';
import { slipDecider } from '#domain/betting/slip-decider.ts';
import { effectiveHomeLine, type GameRow, isRegularDay } from '#domain/catalogue/types.ts';
import { foldEvents } from '#domain/decider.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import { seasonOfWeek, selectWeeks, weekHolds } from '#domain/season/weeks.ts';
import { localDate, pickDayOf } from '#domain/season/zoned-time.ts';
import { handleCommand } from '../store/command-handler.ts';
import type { Deps } from '../adapters/deps.ts';
import { sportCatalogue } from '../store/catalogue-cache.ts';
import {
  getClientSport,
  getSeason,
  getSport,
  listWeekSpreads,
  listWeeks,
  refuseForeignIds,
  seasonWithWeeks,
} from '../store/catalogue.ts';
import { listWeekGames } from '../views/week-games.ts';
import { keys } from '../store/keys.ts';
import { getBonusStart, listManualLines } from '../store/manual-lines.ts';
import { queryAll } from '../store/state-table.ts';
import { weekPickCounts } from '../views/pick-shares.ts';

export type WeekView = Awaited<ReturnType<typeof loadWeek>>;

/** Without a weekId, the week the selection rule picks for now (docs/rules.md, Week selection). */
export async function loadWeek(
  deps: Deps,
  { clientId, sportId, weekId }: { clientId: number; sportId: number; weekId: number | undefined },
) {
  const [clientSport, sport, current, currentWeeks] = await Promise.all([
    getClientSport(deps, clientId, sportId),
    getSport(deps, sportId),
    getSeason(deps, sportId),
    listWeeks(deps, sportId),
  ]);
  // A week of a past season is read with that season (My Picks' season selector); the current one costs nothing more.
  const { season, weeks } =
    weekId !== undefined && current && seasonOfWeek(weekId) !== current.id
      ? await seasonWithWeeks(deps, sportId, seasonOfWeek(weekId))
      : { season: current, weeks: currentWeeks };
  const week =
    weekId === undefined
      ? selectWeeks(weeks, deps.clock.now())?.selected
      : weeks.find((candidate) => candidate.id === weekId);
  refuseForeignIds({ sportId, weekId }, clientSport, week);
  if (!sport || !season || !week) throw new NotFoundError(`The sport ${sportId} has no season to play`, 'NO_SEASON');
  const [games, spreads, manualLines, bonusStart] = await Promise.all([
    listWeekGames(deps, week.id),
    listWeekSpreads(deps, clientSport.affiliateId, week.id),
    listManualLines(deps, clientSport.affiliateId, week.id),
    getBonusStart(deps, clientId, season.id),
  ]);
  const spreadOf = new Map(spreads.map((spread) => [spread.gameId, spread]));
  const manualLineOf = new Map(manualLines.map((line) => [line.gameId, line]));
  const lastDay = {
    selectedWeekIsLast: week.number === weeks.length,
    bonusGamesStart: bonusStart?.bonusGamesStart ?? null,
    seasonEnd: season.endDate,
  };
  // Once the last-day rule is on, the season's last day counts as a bonus day: its games are bonus games.
  const lastDayIsBonusNow = lastDayBonusIsOn(deps.clock.now(), lastDay)
    ? localDate(season.endDate, sport.timeZone)
    : undefined;
  const facts = new Map<number, GameFacts>(
    games.map((game) => [
      game.id,
      {
        id: game.id,
        sportId: game.sportId,
        weekId: game.weekId,
        status: game.eventStatus,
        beginning: game.beginning,
        homeTeamId: game.homeTeamId,
        awayTeamId: game.awayTeamId,
        homeScore: game.homeTeamScore,
        awayScore: game.awayTeamScore,
        ...(game.gameClock !== undefined && { gameClock: game.gameClock }),
        homeLine: effectiveHomeLine(spreadOf.get(game.id), manualLineOf.get(game.id)),
        onRegularDay:
          isRegularDay(clientSport, pickDayOf(game.beginning, sport.timeZone)) &&
          localDate(game.beginning, sport.timeZone) !== lastDayIsBonusNow,
      },
    ]),
  );
  const bonusDayAt = (now: Date) =>
    isBonusDay({
      now,
      timeZone: sport.timeZone,
      firstBonusGameDay: clientSport.firstBonusGameDay,
      secondBonusGameDay: clientSport.secondBonusGameDay,
      lastDay,
    });
  return {
    clientSport,
    sport,
    season,
    weeks,
    week,
    games,
    facts,
    hasManualLine: (gameId: number) => manualLineOf.has(gameId),
    lastDay,
    bonusDayAt,
  };
}

export async function readSlip(deps: Deps, slip: SlipId) {
  const { version, commits } = await deps.events.readStream<SlipEvent>(slipStreamId(slip));
  return {
    version,
    commits,
    state: foldEvents(
      slipDecider,
      commits.flatMap((commit) => commit.events),
    ),
  };
}

export interface SlipRequest {
  slip: SlipId;
  actorId: number;
  correlationId?: string;
  /** The slip's version the command was made from (a whole list as the page showed it): refused once it moved. */
  slipVersion?: number | undefined;
}

export const slipChanged = () =>
  new ConflictError(
    'Your picks were changed since this page showed them (on another device, or by an administrator): they are shown as they are now',
    'SLIP_CHANGED',
  );

export async function runSlipCommand(
  deps: Deps,
  { slip, actorId, correlationId, slipVersion }: SlipRequest,
  command: SlipCommand,
  loaded?: WeekView,
) {
  const view = loaded ?? (await loadWeek(deps, slip));
  const now = deps.clock.now();
  const context = {
    slip,
    actorId,
    now,
    weekIsCurrent: weekHolds(view.week, now),
    isBonusDay: view.bonusDayAt(now),
    games: view.facts,
  };
  // The append stamps the client week (store/stamped-partitions.ts): Bet/list reads the slip itself.
  const result = await handleCommand(
    deps,
    slipStreamId(slip),
    { at: now.toISOString(), actor: actorId, correlationId: correlationId ?? deps.ids.correlation() },
    slipDecider,
    command,
    context,
    slipVersion === undefined ? undefined : { version: slipVersion, changed: slipChanged },
  );
  return { ...result, view };
}

/** Every game of the week as a row, with the player's pick where there is one. */
export async function betRows(
  deps: Deps,
  view: WeekView,
  state: SlipState,
  filter: { teamId?: number; bonus?: boolean } = {},
) {
  const now = deps.clock.now();
  const started = [...view.facts.values()].some((game) => Date.parse(game.beginning) <= now.getTime());
  const [{ teams }, pickCounts] = await Promise.all([
    sportCatalogue(deps, view.sport.id),
    // Before the week's first kickoff every share is private: nothing to read.
    started
      ? weekPickCounts(deps, { clientId: view.clientSport.clientId, sportId: view.sport.id, weekId: view.week.id })
      : new Map<number, PickCounts>(),
  ]);
  const pickOn = new Map([...state.picks.values()].map((pick) => [pick.gameId, pick]));
  return (
    [...view.facts.values()]
      .filter(
        (game) => filter.teamId === undefined || game.homeTeamId === filter.teamId || game.awayTeamId === filter.teamId,
      )
      // A game with a pick is listed with its pick's kind (its day may have moved since), one without by its day.
      .filter(
        (game) => filter.bonus === undefined || (pickOn.get(game.id)?.isBonus ?? !game.onRegularDay) === filter.bonus,
      )
      .sort((a, b) => a.beginning.localeCompare(b.beginning) || a.id - b.id)
      .map((game) =>
        toBetRow(
          game,
          (teamId) => teams.get(teamId)?.name ?? `Team ${teamId}`,
          pickOn.get(game.id),
          view.hasManualLine(game.id),
          // A started game the feed has not moved yet may not be counted yet; once it has, no item means no pick.
          pickShareOf(pickCounts.get(game.id) ?? (isUpcomingStatus(game.status) ? undefined : {}), game, now),
        ),
      )
  );
}

/** A game's row by id, wherever its week is (GSI1): the catalogue's part, without its status and score. */
export async function findGame(deps: Deps, gameId: number): Promise<GameRow | undefined> {
  const [game] = await queryAll<GameRow>(deps, keys.gameIndex(gameId), { index: 'GSI1' });
  return game;
}
