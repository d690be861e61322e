// The stats card (docs/rules.md, Stats): wins and losses count won and lost bets, winnings are the
// points of won bets, points are net (won − lost + penalties), over the season through a week.
export type WeekStats = readonly [
  wins: number,
  losses: number,
  winnings: number,
  bets: number,
  regularSum: number,
  bonusSum: number,
  penalty: number,
];

export interface SeasonStats {
  totalWins: number;
  totalLosses: number;
  winPercent: number;
  lossPercent: number;
  totalWinnings: number;
  totalPoints: number;
  totalBetsCount: number;
  lastWeekWinnings: number;
  lastWeekPoints: number;
}

/** A week's stats as one short string ("wins,losses,…") and back: how a season stores a week. */
export const formatWeekStats = (week: WeekStats) => week.join(',');
export const parseWeekStats = (text: string) => text.split(',').map(Number) as unknown as WeekStats;

/** A week's net points: regular and bonus signed sums plus the penalty. */
export const weekPointsOf = (week: WeekStats) => week[4] + week[5] + week[6];

/**
 * Stats of one or many players' seasons (each a map from week number to its stats) through a week; last week's are
 * the week before it, or the week itself once it is over (after the season's last: docs/rules.md, Week selection).
 */
export function seasonStats(
  seasons: readonly ReadonlyMap<number, WeekStats>[],
  throughWeek: number,
  lastWeek = throughWeek - 1,
): SeasonStats {
  const sum = {
    totalWins: 0,
    totalLosses: 0,
    totalWinnings: 0,
    totalPoints: 0,
    totalBetsCount: 0,
    lastWeekWinnings: 0,
    lastWeekPoints: 0,
  };
  for (const season of seasons) {
    for (const [week, stats] of season) {
      if (week > throughWeek) continue;
      sum.totalWins += stats[0];
      sum.totalLosses += stats[1];
      sum.totalWinnings += stats[2];
      sum.totalBetsCount += stats[3];
      sum.totalPoints += weekPointsOf(stats);
      if (week === lastWeek) {
        sum.lastWeekWinnings += stats[2];
        sum.lastWeekPoints += weekPointsOf(stats);
      }
    }
  }
  const decided = sum.totalWins + sum.totalLosses;
  // Rounded once, so the two add up to 100 (1 win of 16: 6.3 and 93.7, not 93.8).
  const winPercent = decided ? Math.round((sum.totalWins / decided) * 1000) / 10 : 0;
  return { ...sum, winPercent, lossPercent: decided ? Math.round((100 - winPercent) * 10) / 10 : 0 };
}
