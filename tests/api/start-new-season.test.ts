// Start New Season as a specification: the season it starts becomes every client's current one, so a year before
// the current season's is refused and changes nothing (docs/rules.md, Imports).
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
});
