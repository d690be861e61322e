// What the views' keys are made of: most read models are kept per client week.
export interface WeekScope {
  clientId: number;
  sportId: number;
  weekId: number;
}

/** Ids in keys are zero-padded, so they sort in number order. */
export const pad = (value: number, width = 10) => String(value).padStart(width, '0');

/** An index sort key ordering by points (negative ones too), then by player. */
export const scoreKey = (points: number, userId: number) => `${pad(points + 1_000_000, 8)}#${pad(userId)}`;
