// What of the clock a live read's answer follows: pick visibility and game status change at each kickoff, a last-day
// bonus opening at its minute, the week, pick days and bonus days at a local midnight, which in every time zone falls
// on a quarter hour of UTC.

/** How many of the moments (ISO instants: kickoffs, turns) are past at now. */
export const momentsPassed = (moments: readonly string[], now: Date) =>
  moments.filter((moment) => Date.parse(moment) <= now.getTime()).length;

const quarterHourMs = 15 * 60 * 1000;

/** The quarter hour of UTC now falls in. */
export const quarterHourOf = (now: Date) => Math.floor(now.getTime() / quarterHourMs);
