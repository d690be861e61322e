// The users list's rows carry the mails a user turned off since the Edit User dialog shows them; rows written before
// did not. This one-time step writes again the rows of every user who turned a mail off (each from the user as
// stored, as any profile save does), then sets the marker: a step cut short is simply run again.
import { inBatches } from '#domain/in-batches.ts';
import type { Deps } from '../adapters/deps.ts';
import { listAllClients } from './clients.ts';
import { keys } from './keys.ts';
import { getItem, putItem } from './state-table.ts';
import { putDirectoryRow } from './user-directory.ts';
import { listUsers } from './users.ts';

const marker = keys.migration('directory-mail-settings');

/** Runs once per database; answers how many users' rows it wrote, or undefined when done before. */
export async function migrateDirectoryMails(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  let written = 0;
  for (const client of await listAllClients(deps)) {
    const mailsOff = (await listUsers(deps, client.id)).filter(
      (user) => user.pickReminders === false || user.announcementMails === false,
    );
    // A few at a time: a large pool is written well within the deploy hook's minutes.
    await inBatches(mailsOff, 25, (user) => putDirectoryRow(deps, user));
    written += mailsOff.length;
  }
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return written;
}
