// The clock of a game under way as the pages show it: "8:17 - 2nd", "Halftime", "OT".
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** The period's name: quarters 1st to 4th, then overtime ("OT", "2OT", ...). */
export const periodName = (period: number, regulationPeriods = 4) =>
  period <= regulationPeriods
    ? ordinal(period)
    : period === regulationPeriods + 1
      ? 'OT'
      : `${period - regulationPeriods}OT`;

/** "8:17 - 2nd": the time left in the period and the period. */
export const gameClockText = (displayClock: string, period: number, regulationPeriods = 4) =>
  `${displayClock} - ${periodName(period, regulationPeriods)}`;
