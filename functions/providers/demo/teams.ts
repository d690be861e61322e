import type { DemoTeam, SportKey } from './demo-types.ts';
import { monogramLogo, type LogoShape } from './logos.ts';
import { NBA_TEAMS } from './nba-teams.ts';
import { NFL_TEAMS } from './nfl-teams.ts';
import type { TeamRow } from './team-row.ts';

const TEAM_TABLES: Record<SportKey, { rows: readonly TeamRow[]; logoShape: LogoShape }> = {
  NFL: { rows: NFL_TEAMS, logoShape: 'shield' },
  NBA: { rows: NBA_TEAMS, logoShape: 'circle' },
};

export function demoTeamIds(sport: SportKey): number[] {
  return TEAM_TABLES[sport].rows.map((row) => row.id);
}

export function demoTeams(sport: SportKey): DemoTeam[] {
  const { rows, logoShape } = TEAM_TABLES[sport];
  return rows.map((row) => ({
    id: row.id,
    sport,
    name: `${row.city} ${row.mascot}`,
    city: row.city,
    mascot: row.mascot,
    abbreviation: row.abbreviation,
    logo: monogramLogo(row.abbreviation, row.colors, logoShape),
  }));
}
