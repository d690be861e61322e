// Roles made whole (a client's standard roles, the seeds) once took no claim of their name; every live role holds
// one now, so a role is found by name in one read (accountRoleNamed) and a client's roles from their claims
// (listClientRoles). Each step gives each live role of an older database its name's claim where no live role of that
// name holds it, then sets its marker: a step cut short is simply run again.
import type { Deps } from '../adapters/deps.ts';
import { listAllClients, markRoleNamesClaimed } from './clients.ts';
import { keys } from './keys.ts';
import { claimRoleNames, listAllRoles } from './roles.ts';
import { getItem, putItem } from './state-table.ts';

/** Runs once per database; answers how many claims it wrote, or undefined when done before. */
export async function migrateRoleNameClaims(deps: Deps): Promise<number | undefined> {
  const marker = keys.migration('role-name-claims');
  if (await getItem(deps, marker)) return undefined;
  const written = await claimRoleNames(deps, await listAllRoles(deps));
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return written;
}

/**
 * Before a client's roles were read from their claims: a rename's giving back of its old name could delete the claim
 * of an edit that renamed the role back meanwhile (before role versions), and the clients made before the claims were
 * never marked. Claims every live role's name again, then marks every client, so its roles are read from their claims
 * (a client an older version makes while this deploy runs stays unmarked and is read as before). Answers the claims
 * it wrote, or undefined when done before.
 */
export async function migrateClientRoleLists(deps: Deps): Promise<number | undefined> {
  const marker = keys.migration('client-role-lists');
  if (await getItem(deps, marker)) return undefined;
  const [roles, clients] = await Promise.all([listAllRoles(deps), listAllClients(deps)]);
  const written = await claimRoleNames(deps, roles);
  for (const client of clients) if (!client.roleNamesClaimed) await markRoleNamesClaimed(deps, client.id);
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return written;
}
