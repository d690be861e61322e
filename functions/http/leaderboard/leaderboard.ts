// The leaderboard (GET /api/Bet/balance): one page of a week's active totals in rank order from the
// rank index of the chosen order (views/rank-page.ts), names included; the first page also brings the caller's
// own row wherever it stands, ranked from the counts of players per score (the week aggregate's, or for live
// points the week's live counts). Nothing reads or sorts the whole tenant. Cells name teams by id (the team map
// has the rest). Another player's pick on a game that has not started stays hidden (docs/rules.md, Privacy).
import type { InputOf } from '#domain/contracts/contract.ts';
import {
  balance as balanceContract,
  type LeaderboardCell,
  type LeaderboardPage,
  type LeaderboardRow,
} from '#domain/contracts/leaderboard.ts';
import { GameStatus, isVoidStatus } from '#domain/catalogue/game-status.ts';
import { BetResult, type GameOutcome } from '#domain/betting/grading.ts';
import { liveResult } from '#domain/betting/live-result.ts';
import { rankedPlayers, rankOfScore } from '#domain/scoring/week-aggregates.ts';
import { isActiveWeek, type SlotName, slotNames, type SlotPick, yearToDate } from '#domain/scoring/week-scores.ts';
import { formatZoned } from '#domain/season/zoned-time.ts';
import type { Deps } from '../../adapters/deps.ts';
import { sportCatalogue } from '../../store/catalogue-cache.ts';
import { getSeason, playedSport, playedWeek, sportSeason, weekKickoffs } from '../../store/catalogue.ts';
import { rankPage, type RankedTotal, pointsIn } from '../../views/rank-page.ts';
import type { WeekScope } from '../../views/scope.ts';
import { namesOf, seasonLeaders, seasonRow, seasonWeekPoints } from '../../views/season-rows.ts';
import { weekGamesNow } from '../../views/live-scores.ts';
import { liveCounts, weekAggregate } from '../../views/week-aggregates.ts';
import { weekTotalRow, type WeekTotalRow } from '../../views/week-totals.ts';
import type { RouteImpl } from '../area-api.ts';
import { type Caller, scopedClientId } from '../auth-guard.ts';
import { clientSportStamp, clientWeekStamp, type Stamp, weekGamesStamp, weekLiveStamp } from '../../store/stamps.ts';
import { withStampedETag } from '../etag.ts';

const emptyCell = (hidden: boolean): LeaderboardCell => ({
  teamId: null,
  WeekDay: null,
  Spread: null,
  BetResult: null,
  Points: null,
  hidden,
  liveResult: null,
  noResult: false,
});

const cellOf = (pick: SlotPick, timeZone: string, game: GameOutcome | undefined): LeaderboardCell => ({
  teamId: pick.teamId,
  WeekDay: pick.beginning ? formatZoned(pick.beginning, 'ddd', timeZone) : null,
  Spread: pick.line,
  BetResult: pick.result,
  Points: pick.points,
  hidden: false,
  liveResult: (game && liveResult(pick, game)) ?? null,
  noResult: pick.result === BetResult.Undetermined && !!game && isVoidStatus(game.status),
});

type Form = InputOf<typeof balanceContract>;

/** The counters each order ranks by (domain/scoring/week-aggregates.ts). */
const scoreKind = { week: 'w', ytd: 'y', live: 'l' } as const;

/** The caller's own total with its standing: from the page when it is on it, else one read and the counts. */
async function ownTotal(
  deps: Deps,
  scope: WeekScope,
  caller: Caller,
  page: readonly RankedTotal[],
  standing: (total: WeekTotalRow) => number,
) {
  const onPage = page.find((row) => row.userId === caller.user.id);
  if (onPage) return onPage;
  const own = await weekTotalRow(deps, scope, caller.user.id);
  return own && isActiveWeek(own) ? { ...own, rank: standing(own) } : undefined;
}

/** The week's kickoffs by game as they are now: from its games stamp when read, else from the game rows. */
const kickoffsNow = async (deps: Deps, weekId: number, gamesStamp: Stamp | undefined) => {
  const held = gamesStamp?.kickoffOf;
  return held ? (gameId: number) => held[gameId] ?? '' : weekKickoffs(deps, weekId);
};

/**
 * One page of the week's leaderboard; `gamesStamp` is the week's games stamp when the caller read it. Live figures
 * come from where the projector took them: each total's live week points as stored, and each live cell from the
 * games as the views hold them now (views/live-scores.ts), so the points shown are the points ranked, whatever the
 * catalogue's rows already say.
 */
export async function leaderboard(
  deps: Deps,
  caller: Caller,
  form: Form,
  gamesStamp?: Stamp,
): Promise<LeaderboardPage> {
  const clientId = scopedClientId(caller, form.clientId);
  const scope = { clientId, sportId: form.sportId, weekId: form.weekId };
  const kind = scoreKind[form.sort];
  const [page, catalogue, counts, games, kickoffOf] = await Promise.all([
    rankPage(deps, scope, { order: form.sort, direction: form.direction, limit: form.limit, cursor: form.cursor }),
    sportCatalogue(deps, form.sportId),
    kind === 'l' ? liveCounts(deps, scope) : weekAggregate(deps, scope),
    weekGamesNow(deps, scope),
    kickoffsNow(deps, form.weekId, gamesStamp),
    playedWeek(deps, clientId, form),
  ]);
  const liveGames = [...games.values()].filter((game) => game.status === GameStatus.Live).length;
  // Standings come from counts of players per score: the week aggregate's, or the week's live counts, which
  // count the live week points the totals carry.
  const standing = (total: WeekTotalRow) => rankOfScore(counts, kind, pointsIn(form.sort, total));
  // Ranks are standings, highest first, whichever way the page runs (docs/rules.md, Ranking).
  const ranked = form.direction === 'desc' ? page.rows : page.rows.map((row) => ({ ...row, rank: standing(row) }));
  const first = form.cursor === undefined;
  const me = first ? await ownTotal(deps, scope, caller, ranked, standing) : undefined;
  const now = deps.clock.now().toISOString();
  const showPicks = form.showRegularGames !== false;
  const rowOf = (total: RankedTotal): LeaderboardRow => {
    const names = namesOf(total.userId, total);
    const cells = Object.fromEntries(
      slotNames.map((slot: SlotName) => {
        const placed = total.slots[slot];
        // The game's kickoff as it is now: one moved since the pick keeps the pick hidden until the game starts.
        const pick = placed && { ...placed, beginning: kickoffOf(placed.gameId) || placed.beginning };
        const visible = showPicks && !!pick && (total.userId === caller.user.id || pick.beginning <= now);
        return [slot, pick && visible ? cellOf(pick, catalogue.timeZone, games.get(pick.gameId)) : emptyCell(!!pick)];
      }),
    ) as Record<SlotName, LeaderboardCell>;
    return {
      userId: total.userId,
      userDisplayName: names.displayName,
      firstName: names.firstName,
      lastName: names.lastName,
      ...cells,
      regularWonBetsSum: total.regularWonBetsSum,
      bonusWonBetsSum: total.bonusWonBetsSum,
      penalty: total.penalty,
      weekPoints: total.weekPoints,
      liveWeekPoints: total.liveWeekPoints,
      totalSeasonBalance: total.ytd,
      rank: total.rank,
    };
  };
  const rows = ranked.map(rowOf);
  if (!first) return { rows, nextCursor: page.nextCursor, liveGames };
  return {
    rows,
    nextCursor: page.nextCursor,
    me: me ? rowOf(me) : null,
    players: rankedPlayers(counts, kind === 'l' ? 'l' : 'w'),
    liveGames,
  };
}

export const balance: RouteImpl<'balance'> = async ({ input, caller, headers }, deps) => {
  const clientId = scopedClientId(caller, input.clientId);
  const week = { clientId, sportId: input.sportId, weekId: input.weekId };
  return withStampedETag(deps, headers, {
    stamps: [
      weekGamesStamp(input.weekId),
      weekLiveStamp(input.weekId),
      clientWeekStamp(week),
      clientSportStamp(clientId, input.sportId),
    ],
    // Rows show the caller's own hidden picks and the caller's own row.
    scope: ['balance', clientId, caller.user.id, input],
    build: (stamps) => leaderboard(deps, caller, input, stamps?.[0]),
  });
};

/** The season chart: the top 3 by season total (one page of the season index) and the caller's own season. */
export const seasonPoints: RouteImpl<'seasonPoints'> = async ({ input: form, caller }, deps) => {
  const clientId = scopedClientId(caller, form.clientId);
  const [, season] = await Promise.all([
    playedSport(deps, clientId, form.sportId),
    form.seasonId === undefined ? getSeason(deps, form.sportId) : sportSeason(deps, form.sportId, form.seasonId),
  ]);
  if (!season) return [];
  const scope = { clientId, sportId: form.sportId, seasonId: season.id };
  const [leaders, own] = await Promise.all([seasonLeaders(deps, scope, 3), seasonRow(deps, scope, caller.user.id)]);
  const rows = own && !leaders.some((row) => row.userId === own.userId) ? [...leaders, own] : leaders;
  return rows.map((row) => {
    const weeks = seasonWeekPoints(row);
    return {
      userId: row.userId,
      userDisplayName: row.displayName,
      weekPoints: weeks,
      totalSeasonBalance: yearToDate(weeks, Number.MAX_SAFE_INTEGER),
    };
  });
};
