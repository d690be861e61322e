// Clients (docs/rules.md, Clients): the list, creating one with its domain and standard roles, renaming or
// moving it, deleting (archiving) it, and the overview of its users' activity in a sport (User activity).
import { type Client, UserStatus } from '#domain/auth/user.ts';
import type { RoleActivity } from '#domain/contracts/clients.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { reminderHours } from '#domain/processes/pick-locks.ts';
import {
  archiveClient,
  createClient as storeClient,
  editClient as storeEdit,
  movedMeanwhile,
  listAllClients,
  liveClient,
  rolesMade,
  unfinishedClientAt,
} from '../../store/clients.ts';
import { createStandardRoles, getRoles } from '../../store/roles.ts';
import { listUsers } from '../../store/users.ts';
import { getSeason, playedSport } from '../../store/catalogue.ts';
import { type SeasonRow, seasonRows, seasonWeeks } from '../../views/season-rows.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId, scopedLiveClientId } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';

const row = ({
  archivedAt: _archived,
  roleNamesClaimed: _claimed,
  makingRoles: _making,
  inviteOnly,
  reminderHours: hours,
  ...client
}: Client) => ({
  ...client,
  inviteOnly: inviteOnly === true,
  reminderHours: hours ?? reminderHours.default,
});

export const clientList: RouteImpl<'clientList'> = async ({ input: { limit, page } }, deps) => {
  const clients = (await listAllClients(deps))
    .filter((client) => !client.archivedAt)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { total: clients.length, data: clients.slice((page - 1) * limit, page * limit).map(row) };
};

export const createClient: RouteImpl<'createClient'> = async ({ input }, deps) => {
  // A create cut off after claiming the domain is finished by asking again, as the client its claim names.
  const unfinished = await unfinishedClientAt(deps, input.domain, input.name);
  const client: Client = {
    id: unfinished?.id ?? (await deps.ids.next('client')),
    name: input.name,
    domain: input.domain,
    dateCreated: unfinished?.dateCreated ?? deps.clock.now().toISOString(),
  };
  await storeClient(deps, { ...client, makingRoles: true });
  await createStandardRoles(deps, client.id);
  await rolesMade(deps, client.id);
  return reply(201, row(client));
};

export const editClient: RouteImpl<'editClient'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.id));
  // The system administrators sign in at the system client's domain, and bootstrap-admin finds it there.
  if (client.domain === systemDomain && input.domain && input.domain !== client.domain)
    throw new ConflictError("The system client's domain cannot change", 'SYSTEM_CLIENT');
  // A move from a domain the client has left since (the dialog was open while another administrator moved it); one
  // that landed already, asked again, is done.
  if (input.fromDomain && input.fromDomain !== client.domain && input.domain !== client.domain)
    throw movedMeanwhile(client.domain);
  const edited = await storeEdit(deps, client, { name: input.name, domain: input.domain });
  return row(edited);
};

export const deleteClient: RouteImpl<'deleteClient'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.id));
  if (client.domain === systemDomain) throw new ConflictError('The system client cannot be deleted', 'SYSTEM_CLIENT');
  if (client.id === caller.client.id) throw new ConflictError('You cannot delete your own client', 'OWN_CLIENT');
  if (!(await archiveClient(deps, client.id, deps.clock.now())))
    throw new NotFoundError(`There is no client ${client.id}`, 'UNKNOWN_CLIENT');
  return { message: 'Client has been deleted' };
};

const picksOf = (seasonRow: SeasonRow) => [...seasonWeeks(seasonRow).values()].reduce((sum, week) => sum + week[3], 0);

export const userActivity: RouteImpl<'userActivity'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const [, season] = await Promise.all([playedSport(deps, clientId, input.sportId), getSeason(deps, input.sportId)]);
  // The picks of the sport's current season.
  const [users, rows] = await Promise.all([
    listUsers(deps, clientId),
    season ? seasonRows(deps, { clientId, sportId: input.sportId, seasonId: season.id }) : [],
  ]);
  const picks = new Map(rows.map((seasonRow) => [seasonRow.userId, picksOf(seasonRow)]));
  // Per role name: a deleted role's holders are told apart ('Bettor (deleted)'), and rows never share a name.
  const byRole = new Map<string, RoleActivity>();
  // A deleted user is no member any more: counted nowhere, the total included (it is the rows' sum).
  const members = users.filter((member) => !member.deletedAt);
  const roles = await getRoles(
    deps,
    members.map((member) => member.roleId),
  );
  for (const user of members) {
    const role = roles.get(user.roleId);
    const name = !role ? '' : role.archivedAt ? `${role.name} (deleted)` : role.name;
    const activity = byRole.get(name) ?? { role: name, active: 0, notActive: 0, total: 0 };
    if (user.status === UserStatus.Active && (picks.get(user.id) ?? 0) > 0) activity.active++;
    else activity.notActive++;
    activity.total++;
    byRole.set(name, activity);
  }
  return {
    total: members.length,
    users: [...byRole.values()].sort((a, b) => a.role.localeCompare(b.role)),
  };
};
