// Roles made whole (a client's standard roles, the seeds) once took no claim of their name; every live role holds
// one now, so a role is found by name in one read (accountRoleNamed). This one-time step gives each live role of an
// older database its name's claim where no live role of that name holds it, then sets the marker: a step cut short
// is simply run again.
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { claimRoleNames, listAllRoles } from './roles.ts';
import { getItem, putItem } from './state-table.ts';

const marker = keys.migration('role-name-claims');

/** Runs once per database; answers how many claims it wrote, or undefined when done before. */
export async function migrateRoleNameClaims(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  const written = await claimRoleNames(deps, await listAllRoles(deps));
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return written;
}
