// The views table's key layout, in one place. Everything here is a projection of the events table.
const pad = (value: number, width = 10) => String(value).padStart(width, '0');

export const viewKeys = {
  /** A player's bet cells of a week (one fact per slip); the penalty lives beside them under the same player prefix. */
  slipCells: (c: number, s: number, w: number, userId: number) => ({ PK: `CELLS#${c}#${s}#${w}`, SK: `${pad(userId)}#SLIP` }),
  penalty: (c: number, s: number, w: number, userId: number) => ({ PK: `CELLS#${c}#${s}#${w}`, SK: `${pad(userId)}#PENALTY` }),
  cellsPartition: (c: number, s: number, w: number) => `CELLS#${c}#${s}#${w}`,
  playerPrefix: (userId: number) => `${pad(userId)}#`,
  outcome: (s: number, w: number, gameId: number) => ({ PK: `OUTCOMES#${s}#${w}`, SK: pad(gameId) }),
  outcomesPartition: (s: number, w: number) => `OUTCOMES#${s}#${w}`,
  /** Which clients have bets in a sport's week, so a game result knows whose weeks to recompute. */
  weekClient: (s: number, w: number, c: number) => ({ PK: `WEEKCLIENTS#${s}#${w}`, SK: pad(c) }),
  weekClientsPartition: (s: number, w: number) => `WEEKCLIENTS#${s}#${w}`,
  /** A player's week total; GSI1 orders a week's totals by week points for the top 3. */
  total: (c: number, s: number, w: number, userId: number, weekPoints: number) => ({
    PK: `TOTALS#${c}#${s}#${w}`,
    SK: pad(userId),
    GSI1PK: `RANK#${c}#${s}#${w}`,
    GSI1SK: `${pad(weekPoints + 1_000_000, 8)}#${pad(userId)}`,
  }),
  totalsPartition: (c: number, s: number, w: number) => `TOTALS#${c}#${s}#${w}`,
  rankIndex: (c: number, s: number, w: number) => `RANK#${c}#${s}#${w}`,
  /** A player's season: names and each week's stats (s1 … s18), from which week points and year to date follow. */
  season: (c: number, s: number, userId: number) => ({ PK: `SEASON#${c}#${s}`, SK: pad(userId) }),
  seasonPartition: (c: number, s: number) => `SEASON#${c}#${s}`,
  /** Which layout the views were built in (see viewsLayout). */
  layout: () => ({ PK: 'VIEWS', SK: 'LAYOUT' }),
};

/**
 * Bump when the shape of a projection changes. Views of another layout are rebuilt from the events
 * (the local stack does it on start; in AWS, run the rebuild after deploying such a change).
 * 2: one cell fact per slip, one stats string per season week.
 */
export const viewsLayout = 2;

export const weekStatsAttribute = (weekNumber: number) => `s${weekNumber}`;
