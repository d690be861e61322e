// A release's start-up, the same on both twins: before a version serves anything its views layout is built, the
// one-time migrations run in order, and the repairs a crash may need are made. AWS runs it from the deploy's
// pre-traffic hook (the jobs function's `start-up` operation), the local stack as it starts. Every step is
// idempotent, so a start-up cut short is simply run again.
import { finishPendingAccounts } from '../accounts/user-accounts.ts';
import type { Deps } from '../adapters/deps.ts';
import { migrateClientManualLines } from '../betting/migrate-manual-lines.ts';
import { pruneViews, rebuildViews } from '../projector/rebuild.ts';
import { repairAdministrators } from '../store/administrators.ts';
import { createStandardRoles, listAllRoles, settleRoleNameClaims } from '../store/roles.ts';
import { listAllClients, rolesMade } from '../store/clients.ts';
import { migratePushDevices } from '../store/migrate-push-devices.ts';
import { migrateDirectoryMails } from '../store/migrate-directory-mails.ts';
import { migrateOrphanLoginClaims } from '../store/migrate-login-claims.ts';
import { migrateOneItemLists } from '../store/migrate-one-item-lists.ts';
import { migrateUserList } from '../store/migrate-user-list.ts';
import { listDirectory, writeUserCounts } from '../store/user-directory.ts';
import { layoutBuilt, viewsLayout } from '../views/layout.ts';

/** The one-time migrations of the state table, oldest first; each records itself done (keys.migration). */
export const migrations: readonly { name: string; run: (deps: Deps) => Promise<number | undefined> }[] = [
  { name: 'manual-lines-per-affiliate', run: migrateClientManualLines },
  { name: 'user-list-rows', run: migrateUserList },
  { name: 'push-devices-per-endpoint', run: migratePushDevices },
  { name: 'catalogue-one-item-lists', run: migrateOneItemLists },
  { name: 'orphan-login-claims', run: migrateOrphanLoginClaims },
  { name: 'directory-mail-settings', run: migrateDirectoryMails },
];

export interface StartUpOptions {
  /** Drops every other views layout: only where no older version still serves its own (the local stack). */
  pruneOtherLayouts?: boolean;
}

export async function startUp(deps: Deps, { pruneOtherLayouts = false }: StartUpOptions = {}) {
  // Built once per layout: a deploy that keeps the layout rebuilds nothing (docs/views-rebuild.md).
  const rebuilt = (await layoutBuilt(deps)) ? undefined : await rebuildViews(deps);
  const pruned = pruneOtherLayouts ? await pruneViews(deps) : 0;
  const migrated: Record<string, number> = {};
  for (const { name, run } of migrations) {
    const moved = await run(deps);
    if (moved !== undefined) migrated[name] = moved;
  }
  // A crash may have left the administrators sets and the users list's counts short (docs/invariants.md): both are
  // repaired now from one read of each directory, so no request counts them.
  // Taken before the roles are read: a role edit after it counts as a removal still on its way.
  const readAt = deps.clock.now();
  const [roles, clients] = await Promise.all([listAllRoles(deps), listAllClients(deps)]);
  // Every live role holds its name's claim, and a client whose roles all do is read from them (listClientRoles).
  const roleListsMarked = await settleRoleNameClaims(deps, roles, clients);
  for (const { id } of clients) {
    const rows = await listDirectory(deps, id);
    await repairAdministrators(deps, id, rows, roles, readAt);
    await writeUserCounts(deps, id, rows);
  }
  const accountsFinished = await finishPendingAccounts(deps);
  // A client create cut off while making its roles, and not asked again, is finished.
  const unfinished = clients.filter((client) => client.makingRoles && !client.archivedAt);
  for (const { id } of unfinished) {
    await createStandardRoles(deps, id);
    await rolesMade(deps, id);
  }
  return {
    layout: viewsLayout,
    rebuilt,
    pruned,
    migrated,
    roleListsMarked,
    accountsFinished,
    clientsFinished: unfinished.length,
  };
}
