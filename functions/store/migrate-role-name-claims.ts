// Roles made whole (a client's standard roles, the seeds) once took no claim of their name; every live role holds
// one now, so a role is found by name in one read (liveRoleNamed). This one-time step gives each live role of an
// older database its name's claim where no live role of that name holds it, then sets the marker: a step cut short
// is simply run again.
import type { Role } from '#domain/auth/user.ts';
import type { Deps } from '../adapters/deps.ts';
import { type Claim, take } from './claims.ts';
import { keys } from './keys.ts';
import { judge, listAllRoles } from './roles.ts';
import { getItem, putItem } from './state-table.ts';

const marker = keys.migration('role-name-claims');

/** Runs once per database; answers how many claims it wrote, or undefined when done before. */
export async function migrateRoleNameClaims(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  let written = 0;
  for (const role of await listAllRoles(deps)) {
    if (role.archivedAt) continue;
    const key = keys.roleNameClaim(role.clientId, role.name);
    const held = await getItem<Claim<Role>>(deps, key);
    // Held by a live role of the name (the role itself, a twin made before claims, one being renamed to it now).
    if (held && (await judge(deps, held, deps.clock.now())) === 'live') continue;
    // Over nothing, or over the stale holder read: a role created meanwhile keeps the claim it took.
    const claim = { holderId: role.id, holder: role, claimedAt: deps.clock.now().toISOString() };
    if (await take(deps, key, claim, held?.holderId)) written += 1;
  }
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return written;
}
