// A user delete is two writes, the user then their list rows (functions/store/users.ts, archiveUser). Cut off
// between them (a crash, a throttle), the rows still list the user as active: the mail jobs go by the user as
// stored, and the delete asked again finishes. An edit's rows written after a delete's never bring the user back.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type User, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { localDate } from '#domain/season/zoned-time.ts';
import { nudge } from '../../functions/jobs/nudge.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem } from '../../functions/store/state-table.ts';
import { directoryRowOf } from '../../functions/store/user-directory-reads.ts';
import { putDirectoryRow, userCounts } from '../../functions/store/user-directory.ts';
import { getUser } from '../../functions/store/users.ts';
import { mailsTo } from '../support/outbox.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9: the demo's players still have picks to make.
const given = useTestStack({ now: '2026-11-19T17:00:00Z' });
const nfl = 33;

/** The users list's rows found by the login, as the Users page searches. */
const listed = async (login: string, token: string) =>
  (await call(given.api, contracts.userList, { search: login }, token)).body.data.map((row) => row.login);

describe('a user delete cut off before the list rows', () => {
  it('mails the user nothing, and asked again it finishes (200); then the user is unknown (404)', async () => {
    const { deps } = given.stack;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const coach = await given.api.signIn('coach');
    const alex = await given.api.signIn('alex');
    const weekId = (await call(given.api, contracts.betList, { sportId: nfl }, alex)).body.week.id;
    const missing = (await call(given.api, contracts.missingPicks, { sportId: nfl, weekId }, coach)).body.data;
    const player = (await getUser(deps, demo.id, missing[0]!.userId))!;
    const counted = await userCounts(deps, demo.id);

    // The user archived as the delete writes it; the rows not yet.
    const at = deps.clock.now().toISOString();
    await putItem(deps, { ...keys.user(demo.id, player.id), ...player, status: UserStatus.NotActive, deletedAt: at });
    expect(await listed(player.login, coach)).toEqual([player.login]);

    const day = localDate(deps.clock.now(), 'America/New_York');
    await nudge(deps, { clientId: demo.id, sportId: nfl, weekId, day, nudgedBy: 'Coach' });
    expect(mailsTo(given.stack.outboxDir, player.emailAddress)).toEqual([]);

    const again = await call(given.api, contracts.deleteUser, { id: player.id }, coach);
    expect(again).toMatchObject({ status: 200, body: { message: 'User Deleted.' } });
    expect(await listed(player.login, coach)).toEqual([]);
    const cell = `r${player.roleId}s${UserStatus.Active}`;
    expect((await userCounts(deps, demo.id))[cell]).toBe(counted[cell]! - 1);
    expect((await call(given.api, contracts.deleteUser, { id: player.id }, coach)).status).toBe(404);
  });

  it('cut off after the id row, before the rows of the other orders: the search still finds the user; the delete asked again (404) puts them right', async () => {
    const { deps } = given.stack;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const coach = await given.api.signIn('coach');
    const casey = (await call(given.api, contracts.userList, { search: 'casey' }, coach)).body.data[0]!;
    const key = keys.userListRow(demo.id, 'login', casey.id);
    const loginRow = (await deps.db.send(new GetCommand({ TableName: deps.tables.state, Key: key }))).Item!;
    expect((await call(given.api, contracts.deleteUser, { id: casey.id }, coach)).status).toBe(200);
    // The login order's row as it was before the delete: the batch after the id row never landed.
    await putItem(deps, { ...key, ...loginRow });
    expect(await listed('casey', coach)).toEqual([casey.login]);
    expect((await call(given.api, contracts.deleteUser, { id: casey.id }, coach)).status).toBe(404);
    expect(await listed('casey', coach)).toEqual([]);
  });

  it("an edit's rows written after the delete's (two administrators at once) leave the user deleted", async () => {
    const { deps } = given.stack;
    const demo = (await findClientByDomain(deps, 'demo'))!;
    const coach = await given.api.signIn('coach');
    const jamie = (await call(given.api, contracts.userList, { search: 'jamie' }, coach)).body.data[0]!;
    // The edit read the user before the delete, and its rows come last.
    const asEdited: User = { ...(await getUser(deps, demo.id, jamie.id))!, displayName: 'Jamie (edited)' };
    expect((await call(given.api, contracts.deleteUser, { id: jamie.id }, coach)).status).toBe(200);
    const counts = await userCounts(deps, demo.id);
    await putDirectoryRow(deps, asEdited);
    expect(await directoryRowOf(deps, demo.id, jamie.id)).toMatchObject({ deleted: true });
    expect(await listed('jamie', coach)).toEqual([]);
    expect(await userCounts(deps, demo.id)).toEqual(counts);
  });
});
