// The people of the security probes' world: the clock and NFL weeks they play in, a client with NFL, roles holding
// any set of permissions, active members of them with a token, and their picks in the current week.
import { type Permission } from '#domain/auth/permissions.ts';
import { type Client, type Role, RoleType, type User, UserStatus } from '#domain/auth/user.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import type { Deps } from '../../../functions/adapters/deps.ts';
import { issueUserToken } from '../../../functions/adapters/tokens.ts';
import { loadWeek, runSlipCommand } from '../../../functions/betting/slip-service.ts';
import { createClient } from '../../../functions/store/clients.ts';
import { putRole } from '../../support/put-role.ts';
import { createUser } from '../../../functions/store/account-claims.ts';
import { addClientSport, getSport, listAffiliates } from '../../../functions/store/catalogue.ts';

export const probeNow = '2026-11-22T17:00:00Z';
export const nfl = 33;
/** Week 9 of the demo NFL season holds the probe clock; week 8 is over. */
export const currentWeekId = 20263309;
export const pastWeekId = 20263308;
export const probePassword = 'probe-password-1';

export interface Member {
  user: User;
  token: string;
}

/** A client with NFL enabled (as the demo seed enables a sport), at the sport's first affiliate unless told. */
export async function createTenant(deps: Deps, name: string, domain: string, affiliateIndex = 0): Promise<Client> {
  const client = { id: await deps.ids.next('client'), name, domain, dateCreated: probeNow };
  await createClient(deps, client);
  const [affiliates, sport] = await Promise.all([listAffiliates(deps, nfl), getSport(deps, nfl)]);
  await addClientSport(deps, { clientId: client.id, sport: sport!, affiliate: affiliates[affiliateIndex]!, days: {} });
  return client;
}

let sharedHash: Promise<string> | undefined;
/** Per database client: each stack of the process has its own roles. */
const roles = new WeakMap<object, Map<string, Promise<Role>>>();

/** A role of the client holding exactly these permissions, made once per set. */
export function roleWith(deps: Deps, clientId: number, permissions: readonly Permission[]): Promise<Role> {
  const key = `${clientId}:${[...permissions].sort((a, b) => a - b).join(',')}`;
  let made = roles.get(deps.db);
  if (!made) roles.set(deps.db, (made = new Map()));
  if (!made.has(key)) {
    made.set(
      key,
      (async () => {
        const role: Role = {
          id: await deps.ids.next('role'),
          name: `Probe ${key}`,
          clientId,
          roleType: RoleType.UserCreated,
          permissions: [...permissions],
        };
        await putRole(deps, role);
        return role;
      })(),
    );
  }
  return made.get(key)!;
}

/** A new active user of the client with a role holding exactly these permissions, and a token. */
export async function memberWith(
  deps: Deps,
  client: Client,
  permissions: readonly Permission[],
  person: { login: string; firstName?: string; lastName?: string },
): Promise<Member> {
  sharedHash ??= deps.passwords.hash(probePassword);
  const role = await roleWith(deps, client.id, permissions);
  const firstName = person.firstName ?? 'Probe';
  const lastName = person.lastName ?? person.login;
  const user: User = {
    id: await deps.ids.next('user'),
    clientId: client.id,
    login: person.login,
    displayName: `${firstName} ${lastName}`,
    emailAddress: `${person.login}@${client.domain}.example.com`,
    firstName,
    lastName,
    middleName: '',
    phoneNumber: '+1 555 010 0100',
    status: UserStatus.Active,
    roleId: role.id,
    passwordHash: await sharedHash,
    dateCreated: probeNow,
  };
  await createUser(deps, user);
  return { user, token: await probeToken(deps, user) };
}

/** A token as sign-in issues it: at the user's current token version, naming the user's role. */
export const probeToken = async (deps: Deps, user: Pick<User, 'id' | 'clientId' | 'roleId' | 'tokenVersion'>) =>
  (await issueUserToken(deps, user)).access_token;

/** Five picks for the player in the current NFL week, placed through the slip command; their bet ids. */
export async function placePicks(deps: Deps, client: Client, user: User): Promise<string[]> {
  const view = await loadWeek(deps, { clientId: client.id, sportId: nfl, weekId: currentWeekId });
  const at = deps.clock.now();
  const open = [...view.facts.values()].filter(
    (game) => game.onRegularDay && isOpenForPicks(game, at) && hasSpread(game.homeLine),
  );
  const picks = open.slice(0, regularPoints.length).map((game, index) => ({
    gameId: game.id,
    teamId: game.homeTeamId,
    points: regularPoints[index]!,
  }));
  if (!picks.length) throw new Error('No game of the current week is open for bets at the probe clock');
  const slip = { clientId: client.id, userId: user.id, sportId: nfl, weekId: currentWeekId };
  await runSlipCommand(
    deps,
    { slip, actorId: user.id, correlationId: `probe-${user.login}` },
    {
      type: 'SetRegularPicks',
      picks,
    },
  );
  return picks.map((pick) => `${user.id}-${pick.gameId}`);
}
