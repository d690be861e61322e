// A profile edit needs what docs/rules.md (Permissions) says for whose profile it is: one's own, 'view own profile'
// (4); another user's, 'create and modify users of client' (2). A helpdesk role holding 1 and 2 but not 4 edits the
// players it manages, and is refused its own profile, which stays as it was.
import { describe, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { expectError, expectResponse } from '../support/api-spec.ts';
import { leagueSpec, thursday } from './support/spec-league.ts';

const { spec, demo } = leagueSpec();

describe('a profile edit', () => {
  it("of another user needs only 'create and modify users', not a profile of one's own", async () => {
    const helper = demo('user-helper');
    const jordan = demo('jordan').user;
    await spec
      .given()
      .when(thursday, helper, contracts.editUser, { id: jordan.id, displayName: 'Jordan J.' })
      .then(expectResponse(200, { id: jordan.id, displayName: 'Jordan J.' }));
  });

  it("of one's own needs 'view own profile': 403 NO_OWN_PROFILE, and the profile stays", async () => {
    const helper = demo('user-helper');
    const own = { id: helper.user.id, displayName: 'Helper' };
    await spec.given().when(thursday, helper, contracts.editUser, own).then(expectError(403, 'NO_OWN_PROFILE'));
    await spec
      .given()
      .when(thursday, demo('coach'), contracts.userList, { id: helper.user.id })
      .then(expectResponse(200, { data: [{ login: 'user-helper', displayName: helper.user.displayName }] }));
  });
});
