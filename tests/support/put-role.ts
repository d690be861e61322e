// Writes a role as given, whatever is stored, with its name's claim (docs/data-model.md, role-name claim): how a test
// sets up or rewrites a role in one step, where the product's own writes (createRole, renameAndSaveRole) would refuse.
import type { Role } from '#domain/auth/user.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem } from '../../functions/store/state-table.ts';

export async function putRole(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, role: Role) {
  const claim = { holderId: role.id, holder: role, claimedAt: deps.clock.now().toISOString() };
  if (!role.archivedAt) await putItem(deps, { ...keys.roleNameClaim(role.clientId, role.name), ...claim });
  await putItem(deps, { ...keys.role(role.id), ...role });
}
