/** The line a team gets: the home team's line, or its opposite for the visitor. */
export const teamLine = (homeLine: number, homeTeamId: number, teamId: number) =>
  teamId === homeTeamId ? homeLine : -homeLine;
