// The sports catalogue, the system client (domain 'admin'), its System Administrator role and its administrators: made by the demo
// seed locally and by `npm run bootstrap-admin` on a deployed stack. Every step finds what exists first, so
// running either again changes nothing.
import { allPermissions, type Permission } from '#domain/auth/permissions.ts';
import { type Client, type Role, RoleType, type User, UserStatus } from '#domain/auth/user.ts';
import { welcomeLinkLifetimeMs } from '#domain/auth/password-reset.ts';
import { defaultDayFlags, type Sport, type SportKey } from '#domain/catalogue/types.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../adapters/deps.ts';
import { mailPasswordLink } from '../accounts/password-link.ts';
import { createClient, findClientByDomain } from '../store/clients.ts';
import { createRole, liveRoleNamed } from '../store/roles.ts';
import { createUser, findUserByLogin } from '../store/account-claims.ts';
import { getSport } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { putItem } from '../store/state-table.ts';

export const systemAdministratorRole = 'System Administrator';

export async function ensureClient(deps: Deps, name: string, domain: string): Promise<Client> {
  const existing = await findClientByDomain(deps, domain);
  if (existing) return existing;
  const client = { id: await deps.ids.next('client'), name, domain, dateCreated: deps.clock.now().toISOString() };
  await createClient(deps, client);
  return client;
}

/** The live role of this exact name (found by its claim), or a new one; a live role of the name in another case is refused. */
export async function ensureRole(
  deps: Deps,
  name: string,
  clientId: number | null,
  permissions: Permission[],
): Promise<Role> {
  const existing = await liveRoleNamed(deps, clientId, name);
  if (existing) return existing;
  const role: Role = { id: await deps.ids.next('role'), name, clientId, roleType: RoleType.System, permissions };
  try {
    await createRole(deps, role, deps.clock.now());
    return role;
  } catch (error) {
    // Made meanwhile by another run (two bootstraps at once); a role named so in another case stays refused (409).
    const made = await liveRoleNamed(deps, clientId, name);
    if (made) return made;
    throw error;
  }
}

/** Sport ids follow the dashboard banners (docs/rules.md, Dashboard): 33 football, 34 baseball, 35 basketball, 37 hockey. */
export const sportIds: Record<SportKey, number> = { NFL: 33, MLB: 34, NBA: 35, NHL: 37 };

/** The zone of the seeded sports' days and Wednesday-to-Tuesday weeks. */
export const seededSportsTimeZone = 'America/New_York';

/** The sports the feeds know, each once; a sport edited on the sports page keeps its days. */
async function ensureSports(deps: Deps) {
  for (const [key, id] of Object.entries(sportIds) as [SportKey, number][]) {
    if (await getSport(deps, id)) continue;
    const sport: Sport = {
      ...defaultDayFlags,
      id,
      name: key,
      active: true,
      providerKey: key,
      timeZone: seededSportsTimeZone,
    };
    await putItem(deps, { ...keys.sport(id), ...sport });
  }
}

export async function ensureSystemTenant(deps: Deps) {
  await ensureSports(deps);
  const client = await ensureClient(deps, 'System', systemDomain);
  const role = await ensureRole(deps, systemAdministratorRole, null, allPermissions);
  return { client, role };
}

export interface FirstAdministrator {
  login: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
}

/**
 * Makes a system administrator who has no password yet and mails them a link to choose one. An existing login
 * is left as it is (answered 'exists'), so the command can be run again safely.
 */
export async function bootstrapAdministrator(deps: Deps, person: FirstAdministrator): Promise<'created' | 'exists'> {
  // Asked first: a run again writes nothing, and never meets a System Role renamed since (ensureRole's 409).
  const system = await findClientByDomain(deps, systemDomain);
  if (system && (await findUserByLogin(deps, system.id, person.login))) return 'exists';
  const { client, role } = await ensureSystemTenant(deps);
  const user: User = {
    id: await deps.ids.next('user'),
    clientId: client.id,
    login: person.login,
    displayName: `${person.firstName} ${person.lastName}`.trim(),
    emailAddress: person.emailAddress,
    firstName: person.firstName,
    lastName: person.lastName,
    middleName: '',
    phoneNumber: '',
    status: UserStatus.Active,
    roleId: role.id,
    // Nobody knows this password: the mailed link is the way in.
    passwordHash: await deps.passwords.hash(deps.ids.secret()),
    dateCreated: deps.clock.now().toISOString(),
  };
  await createUser(deps, user);
  await mailPasswordLink(deps, { client, user, kind: 'welcome', lifetimeMs: welcomeLinkLifetimeMs });
  return 'created';
}
