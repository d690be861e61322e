// The leaderboard (GET /api/Bet/balance): a week's totals and the players' seasons, two queries;
// the top N is one query on the week-points index (active weeks only) plus the N season rows. Names
// come from the season rows, the one place a profile edit updates (docs/rules.md, Read models).
// Another player's pick on a game that has not started stays hidden (docs/rules.md, Privacy).
import type { InputOf } from '#domain/contracts/contract.ts';
import { balance as balanceContract, type LeaderboardCell } from '#domain/contracts/results.ts';
import {
  isActiveWeek,
  rankBy,
  type SlotName,
  slotNames,
  type SlotPick,
  yearToDate,
} from '#domain/scoring/week-scores.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import { inZone } from '#domain/season/zoned-time.ts';
import type { Deps } from '../../adapters/deps.ts';
import { sportCatalogue } from '../../store/catalogue-cache.ts';
import { playedSport, playedWeek } from '../../store/catalogue.ts';
import { namesOf, seasonRows, seasonWeekPoints } from '../../views/season-rows.ts';
import { weekTotalRows } from '../../views/week-totals.ts';
import type { RouteImpl } from '../area-api.ts';
import { type Caller, scopedClientId } from '../auth-guard.ts';

const emptyCell = (hidden: boolean): LeaderboardCell => ({
  TeamLogo: null,
  WeekDay: null,
  Spread: null,
  BetResult: null,
  TeamName: null,
  Points: null,
  hidden,
});

function cellOf(
  pick: SlotPick | undefined,
  visible: boolean,
  catalogue: Awaited<ReturnType<typeof sportCatalogue>>,
): LeaderboardCell {
  if (!pick) return emptyCell(false);
  if (!visible) return emptyCell(true);
  const team = catalogue.teams.get(pick.teamId);
  return {
    TeamLogo: team?.logo ?? null,
    WeekDay: pick.beginning ? inZone(pick.beginning, catalogue.timeZone).format('ddd') : null,
    Spread: pick.line,
    BetResult: pick.result,
    TeamName: team?.name ?? null,
    Points: pick.points,
    hidden: false,
  };
}

export async function leaderboard(deps: Deps, caller: Caller, form: InputOf<typeof balanceContract>) {
  const clientId = scopedClientId(caller, form.clientId);
  const { sportId, weekId } = form;
  const [totals] = await Promise.all([
    weekTotalRows(deps, { clientId, sportId, weekId }, form.limit),
    playedWeek(deps, clientId, form),
  ]);
  const active = totals.filter(isActiveWeek);
  const [seasons, catalogue] = await Promise.all([
    seasonRows(deps, { clientId, sportId }, form.limit ? active.map((total) => total.userId) : undefined),
    sportCatalogue(deps, sportId),
  ]);
  const seasonOf = new Map(seasons.map((season) => [season.userId, season]));
  const now = deps.clock.now().toISOString();
  const showPicks = form.showRegularGames !== false;
  const week = weekNumberOf(weekId);
  const rows = active.map((total) => {
    const season = seasonOf.get(total.userId);
    const names = namesOf(total.userId, season);
    const cells = Object.fromEntries(
      slotNames.map((slot: SlotName) => {
        const pick = total.slots[slot];
        const visible = showPicks && !!pick && (total.userId === caller.user.id || pick.beginning <= now);
        return [slot, showPicks ? cellOf(pick, visible, catalogue) : emptyCell(!!pick)];
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
      totalSeasonBalance: yearToDate(season ? seasonWeekPoints(season) : {}, week),
    };
  });
  return rankBy(rows, (row) => row.weekPoints);
}

export const balance: RouteImpl<'balance'> = async ({ input, caller }, deps) => leaderboard(deps, caller, input);

/** Every player's week points across the season (the leaderboard's chart): one read of the season rows. */
export const seasonPoints: RouteImpl<'seasonPoints'> = async ({ input: form, caller }, deps) => {
  const clientId = scopedClientId(caller, form.clientId);
  const [rows] = await Promise.all([
    seasonRows(deps, { clientId, sportId: form.sportId }),
    playedSport(deps, clientId, form.sportId),
  ]);
  const players = rows.map((row) => {
    const weeks = seasonWeekPoints(row);
    return {
      userId: row.userId,
      userDisplayName: row.displayName,
      weekPoints: weeks,
      totalSeasonBalance: yearToDate(weeks, Number.MAX_SAFE_INTEGER),
    };
  });
  return rankBy(players, (player) => player.totalSeasonBalance);
};
