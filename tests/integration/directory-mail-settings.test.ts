// The users list's rows carry the mails a user turned off, so the Edit User dialog shows them as they are and an
// administrator can turn them on again (docs/rules.md, Users): a row is written with them on every save, and rows
// written before they were carried are written again once by the start-up's migration.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { migrateDirectoryMails } from '../../functions/store/migrate-directory-mails.ts';
import { deleteItem, getItem, putItem } from '../../functions/store/state-table.ts';
import { call, turnMailOff } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

const rowOf = async (userId: number) => {
  const coach = await given.api.signIn('coach');
  return (await call(given.api, contracts.userList, { id: userId }, coach)).body.data[0]!;
};

describe("the users list's row of a user who turned mails off", () => {
  it('says so, and says so again once an administrator turns them back on', async () => {
    const samId = await turnMailOff(given.api, 'sam', 'announcementMails');
    expect(await rowOf(samId)).toMatchObject({ announcementMails: false });
    expect(await rowOf(samId)).not.toHaveProperty('pickReminders');
    const coach = await given.api.signIn('coach');
    const back = await call(given.api, contracts.editUser, { id: samId, announcementMails: true }, coach);
    expect(back.status).toBe(200);
    expect(await rowOf(samId)).not.toHaveProperty('announcementMails');
  });

  it('written before rows carried them, is written again once by the migration', async () => {
    const { deps } = given.stack;
    const alexId = await turnMailOff(given.api, 'alex', 'pickReminders');
    const demo = (await findClientByDomain(deps, 'demo'))!;
    // The row as an older release wrote it: without the mail settings.
    const key = keys.userListRow(demo.id, 'id', alexId);
    const held = (await getItem<{ row: Record<string, unknown> }>(deps, key))!;
    const { pickReminders: _off, ...older } = held.row;
    await putItem(deps, { ...key, ...held, row: older });
    expect(await rowOf(alexId)).not.toHaveProperty('pickReminders');

    await deleteItem(deps, keys.migration('directory-mail-settings'));
    expect(await migrateDirectoryMails(deps)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(alexId)).toMatchObject({ pickReminders: false });
    expect(await migrateDirectoryMails(deps)).toBeUndefined();
  });
});
