// The demo data: a system client with its administrator, the "Demo" client with a company admin
// and 12 bettors, NFL and NBA with a season from the demo provider, and picks for the weeks
// already played, placed through the same command players use with the clock set back to each
// week's start. Every step looks before it writes, so running it again changes nothing.
import { allPermissions, Permission } from '#domain/auth/permissions.ts';
import { type Client, type Role, RoleType, type User, UserStatus } from '#domain/auth/user.ts';
import { defaultDayFlags, type Sport } from '#domain/catalogue/types.ts';
import { isOpenForBets } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { demoDomain, systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { fixedClock } from '../adapters/clock.ts';
import type { Deps } from '../adapters/deps.ts';
import { hashPassword } from '../adapters/passwords.ts';
import { loadWeek, runSlipCommand } from '../betting/slip-service.ts';
import { importSeason } from '../jobs/import-season.ts';
import { seededRandom, shuffled } from '../providers/demo/prng.ts';
import { providerFor } from '../providers/provider-for.ts';
import {
  createClient,
  createUser,
  findClientByDomain,
  findUserByLogin,
  listAllRoles,
  putRole,
} from '../store/accounts.ts';
import { getSeason, listAffiliates, listWeeks } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { getItem, putItem } from '../store/state-table.ts';

export const bettorPermissions: Permission[] = [
  Permission.ViewOwnProfile,
  Permission.ViewSports,
  Permission.ViewTeams,
  Permission.ViewGames,
  Permission.SetBets,
  Permission.ViewBalance,
  Permission.ViewLeaderboard,
];
/** A bettor's, plus running the client's users and roles, Import Scores, and picks for others. */
export const companyAdminPermissions: Permission[] = [
  ...bettorPermissions,
  Permission.ViewUsers,
  Permission.EditUsers,
  Permission.DeleteUsers,
  Permission.ViewRoles,
  Permission.EditRoles,
  Permission.DeleteRoles,
  Permission.LoadGames,
  Permission.SetBetsForThirdParty,
];

export const demoPassword = 'pickem-demo';
export const adminPassword = 'pickem-admin';

export const demoLogins = [
  { login: 'admin', password: adminPassword, domain: systemDomain, role: 'System Administrator' },
  { login: 'coach', password: demoPassword, domain: demoDomain, role: 'Company Admin' },
  {
    login: 'alex',
    password: demoPassword,
    domain: demoDomain,
    role: 'Bettor (and 11 more: sam, jordan, taylor, morgan, casey, riley, jamie, drew, avery, quinn, blake)',
  },
];

const bettors = [
  ['alex', 'Alex', 'Carter'],
  ['sam', 'Sam', 'Rivera'],
  ['jordan', 'Jordan', 'Blake'],
  ['taylor', 'Taylor', 'Nguyen'],
  ['morgan', 'Morgan', 'Ellis'],
  ['casey', 'Casey', 'Brooks'],
  ['riley', 'Riley', 'Patel'],
  ['jamie', 'Jamie', 'Foster'],
  ['drew', 'Drew', 'Kim'],
  ['avery', 'Avery', 'Lopez'],
  ['quinn', 'Quinn', 'Hughes'],
  ['blake', 'Blake', 'Morris'],
] as const;

const sports: Omit<Sport, 'id'>[] = [
  { ...defaultDayFlags, name: 'NFL', active: true, providerKey: 'NFL', timeZone: 'America/New_York' },
  { ...defaultDayFlags, name: 'NBA', active: true, providerKey: 'NBA', timeZone: 'America/New_York' },
];
/** Sport ids follow the dashboard banners (docs/rules.md, Dashboard): 33 football, 35 basketball. */
const sportIds: Record<Sport['providerKey'], number> = { NFL: 33, NBA: 35 };

const seedMarker = { PK: 'SEED', SK: 'DEMO' };

export async function isSeeded(deps: Deps) {
  return (await getItem(deps, seedMarker)) !== undefined;
}

async function ensureClient(deps: Deps, name: string, domain: string): Promise<Client> {
  const existing = await findClientByDomain(deps, domain);
  if (existing) return existing;
  const client = { id: await deps.ids.next('client'), name, domain, dateCreated: deps.clock.now().toISOString() };
  await createClient(deps, client);
  return client;
}

async function ensureRole(deps: Deps, name: string, clientId: number | null, permissions: Permission[]): Promise<Role> {
  const existing = (await listAllRoles(deps)).find((role) => role.name === name && role.clientId === clientId);
  if (existing) return existing;
  const role: Role = { id: await deps.ids.next('role'), name, clientId, roleType: RoleType.System, permissions };
  await putRole(deps, role);
  return role;
}

interface Person {
  login: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** A year back: the demo's season is under way when it is seeded, and its members joined before it began, so they owe the penalties of the weeks they skipped. */
const memberSince = (deps: Deps) => new Date(deps.clock.now().getTime() - 365 * 24 * 3600 * 1000).toISOString();

// Demo users of one password share one hash: hashing each at full cost would slow every start by seconds.
const demoHashes = new Map<string, Promise<string>>();
function demoHash(password: string): Promise<string> {
  if (!demoHashes.has(password)) demoHashes.set(password, hashPassword(password));
  return demoHashes.get(password)!;
}

async function ensureUser(deps: Deps, client: Client, role: Role, person: Person): Promise<User> {
  const existing = await findUserByLogin(deps, client.id, person.login);
  if (existing) return existing;
  const user: User = {
    id: await deps.ids.next('user'),
    clientId: client.id,
    login: person.login,
    displayName: `${person.firstName} ${person.lastName[0]}.`,
    emailAddress: `${person.login}@${client.domain}.example.com`,
    firstName: person.firstName,
    lastName: person.lastName,
    middleName: '',
    phoneNumber: '+1 555 010 0100',
    status: UserStatus.Active,
    roleId: role.id,
    passwordHash: await demoHash(person.password),
    dateCreated: memberSince(deps),
  };
  await createUser(deps, user);
  return user;
}

async function ensureSportWithSeason(deps: Deps, sport: Sport) {
  await putItem(deps, { ...keys.sport(sport.id), ...sport });
  const season = await getSeason(deps, sport.id);
  await importSeason(deps, sport, providerFor(deps.clock, season?.beginDate.slice(0, 10)));
}

async function enableSport(deps: Deps, client: Client, sport: Sport): Promise<void> {
  const [affiliate] = await listAffiliates(deps, sport.id);
  if (!affiliate) throw new Error(`No affiliate for ${sport.name}`);
  await putItem(deps, {
    ...keys.clientSport(client.id, sport.id),
    ...defaultDayFlags,
    id: client.id * 1000 + sport.id,
    clientId: client.id,
    sportId: sport.id,
    sportName: sport.name,
    affiliateId: affiliate.id,
    affiliateName: affiliate.name,
  });
}

/** Five picks (or as many as the open games allow) for one player and week, chosen reproducibly. */
async function placeWeekPicks(deps: Deps, client: Client, user: User, sport: Sport, weekId: number, at: Date) {
  const random = seededRandom('demo-picks', user.login, weekId);
  const view = await loadWeek(deps, { clientId: client.id, sportId: sport.id, weekId });
  const pickable = [...view.facts.values()].filter(
    (game) => game.onRegularDay && isOpenForBets(game, at) && hasSpread(game.homeLine),
  );
  const chosen = shuffled(pickable, random).slice(0, regularPoints.length);
  const bets = chosen.map((game, index) => ({
    gameId: game.id,
    teamId: random() < 0.5 ? game.homeTeamId : game.awayTeamId,
    points: regularPoints[index]!,
  }));
  if (!bets.length) return;
  const slip = { clientId: client.id, userId: user.id, sportId: sport.id, weekId };
  const request = { slip, actorId: user.id, correlationId: `seed-${user.login}-${weekId}` };
  await runSlipCommand({ ...deps, clock: fixedClock(at) }, request, { type: 'SetRegularBets', bets }, view);
}

export async function seedDemo(deps: Deps): Promise<void> {
  if (await isSeeded(deps)) return;
  const system = await ensureClient(deps, 'System', systemDomain);
  const sysadminRole = await ensureRole(deps, 'System Administrator', null, allPermissions);
  await ensureUser(deps, system, sysadminRole, {
    login: 'admin',
    firstName: 'System',
    lastName: 'Administrator',
    password: adminPassword,
  });

  const demo = await ensureClient(deps, 'Demo', demoDomain);
  const bettorRole = await ensureRole(deps, 'Bettor', demo.id, bettorPermissions);
  const adminRole = await ensureRole(deps, 'Company Admin', demo.id, companyAdminPermissions);
  const coach = await ensureUser(deps, demo, adminRole, {
    login: 'coach',
    firstName: 'Chris',
    lastName: 'Coach',
    password: demoPassword,
  });
  const players = [coach];
  for (const [login, firstName, lastName] of bettors) {
    players.push(await ensureUser(deps, demo, bettorRole, { login, firstName, lastName, password: demoPassword }));
  }

  const now = deps.clock.now();
  for (const definition of sports) {
    const sport = { ...definition, id: sportIds[definition.providerKey] };
    await ensureSportWithSeason(deps, sport);
    await enableSport(deps, demo, sport);
    for (const week of await listWeeks(deps, sport.id)) {
      const weekStart = new Date(Date.parse(week.beginDate) + 30 * 60 * 1000);
      if (weekStart > now) break;
      const isPast = Date.parse(week.endDate) < now.getTime();
      for (const [index, player] of players.entries()) {
        // Some players skip a week, so the missed-picks penalty has someone to find.
        if (isPast && seededRandom('demo-skip', player.login, week.id)() < 0.07) continue;
        // In the running week only half the players have picked yet.
        if (!isPast && index % 2 === 1) continue;
        await placeWeekPicks(deps, demo, player, sport, week.id, isPast ? weekStart : now);
      }
    }
  }
  await putItem(deps, { ...seedMarker, seededAt: now.toISOString() });
}
