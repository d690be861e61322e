// The leaderboard page is every signed-in user's (docs/rules.md, Permissions): its reads need no permission, so a
// role without 'view leaderboard' (20), which only gives the dashboard's block, still opens it.
import { describe, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { expectResponse } from '../support/api-spec.ts';
import { leagueSpec, nfl, thursday } from './support/spec-league.ts';

const { spec, league, demo } = leagueSpec();

describe('the leaderboard', () => {
  it('is read by a member whose role holds none of the leaderboard’s permissions', async () => {
    // Lee reads the lines: 'view own profile' and 'load spreads' only.
    const lee = demo('line-reader');
    const weekId = league().week1.id;
    await spec.given().when(thursday, lee, contracts.balance, { sportId: nfl, weekId }).then(expectResponse(200));
    await spec.given().when(thursday, lee, contracts.seasonPoints, { sportId: nfl }).then(expectResponse(200));
  });
});
