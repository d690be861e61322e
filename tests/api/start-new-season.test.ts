// Start New Season as a specification: the season it starts becomes every client's current one, so a year before
// the current season's is refused and changes nothing, and a later one waits for the current season to be over
// (docs/rules.md, Imports).
import { describe, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { expectError, expectNoNewEvents, expectResponse } from '../support/api-spec.ts';
import { leagueSpec, nfl, thursday } from './support/spec-league.ts';

const { spec, league, demo } = leagueSpec();

describe('Start New Season', () => {
  it('refuses a year before the current season’s, which would take every client back a season', async () => {
    await spec
      .given()
      .when(thursday, league().sysadmin, contracts.importSeason, { sportId: nfl, seasonYear: 2025 })
      .then(
        expectError(
          409,
          'OLDER_SEASON',
          'The current NFL season is 2026: Start New Season takes that year or a later one',
        ),
        expectNoNewEvents,
      );
    await spec
      .given()
      .when(thursday, demo('coach'), contracts.seasonList, { sportId: nfl })
      .then(expectResponse(200, [{ year: 2026, current: true }]));
  });

  it('refuses the next season until the current one’s last week is over: its weeks close only while it is current', async () => {
    const next = { sportId: nfl, seasonYear: 2027 };
    await spec
      .given()
      .when(thursday, league().sysadmin, contracts.importSeason, next)
      .then(
        expectError(
          409,
          'SEASON_NOT_OVER',
          "The 2026 NFL season's last week (week 2) is not over: start the next season after it",
        ),
      );
  });
});
