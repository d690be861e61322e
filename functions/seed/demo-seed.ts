// The demo data: a system client with its administrator, the "Demo" client with a company admin
// and 12 bettors, NFL and NBA with a season from the demo provider, and picks for the weeks
// already played; NFL also has last season, played and graded, so the leaderboard's history shows; placed through the same command players use with the clock set back to each
// week's start; and a second tenant, "Rival League", with NFL only, so the isolation of clients
// shows. Every step looks before it writes, so running it again changes nothing.
import {
  bettorPermissions,
  bettorRoleName,
  companyAdminPermissions,
  companyAdminRoleName,
} from '#domain/auth/standard-roles.ts';
import { type Client, type Role, type User, UserStatus } from '#domain/auth/user.ts';
import { demoDomain, systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../adapters/deps.ts';
import { ensureClient, ensureRole, ensureSystemTenant, sportIds } from './system-tenant.ts';
import { currentSeasonStart, ensureSeason, type League, playLastSeason, playWeeks } from './demo-seasons.ts';
import { findClientByDomain } from '../store/clients.ts';
import { createUser, findUserByLogin } from '../store/account-claims.ts';
import { queueJob } from '../store/job-records.ts';
import { addPrize, listPrizes } from '../store/prizes.ts';
import { getSport, listClientSports } from '../store/catalogue.ts';
import { getItem, putItem } from '../store/state-table.ts';

export const demoPassword = 'pickem-demo';
/** The second tenant's domain: http://rival.localhost:3000 locally. */
export const rivalDomain = 'rival';
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
  { login: 'rival-admin', password: demoPassword, domain: rivalDomain, role: 'Company Admin of Rival League' },
  { login: 'jules', password: demoPassword, domain: rivalDomain, role: 'Bettor (and 2 more: robin, sky)' },
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

const rivalBettors = [
  ['jules', 'Jules', 'Moreau'],
  ['robin', 'Robin', 'Stone'],
  ['sky', 'Sky', 'Larsen'],
] as const;

/** The demo plays NFL and NBA, the sports of the offline demo feed. */
const demoSports = [sportIds.NFL, sportIds.NBA];
/** The sports whose last season the demo holds too (one is enough to show the history, and costs half the seed). */
const sportsWithHistory: readonly number[] = [sportIds.NFL];

const seedMarker = { PK: 'SEED', SK: 'DEMO' };

export async function isSeeded(deps: Deps) {
  return (await getItem(deps, seedMarker)) !== undefined;
}

type DemoPassword = typeof demoPassword | typeof adminPassword;

interface Person {
  login: string;
  firstName: string;
  lastName: string;
  password: DemoPassword;
}

/** Two years back: the members joined before last season began, so they owe the penalties of the weeks they skipped. */
const memberSince = (deps: Deps) => new Date(deps.clock.now().getTime() - 2 * 365 * 24 * 3600 * 1000).toISOString();

/**
 * The demo passwords' scrypt hashes at the current cost, made once and kept here (they guard only the published
 * demo logins): hashing at full cost on every first start cost a second of a 2-core machine.
 */
export const demoPasswordHashes: Record<DemoPassword, string> = {
  [demoPassword]: 'scrypt$131072$8$1$2pLTxzMBPwCxu5rqRgKUtQ$tFabH9mOvGe-UH49mUrMnqj9NoIKPicQn4IIWZu0Nxc',
  [adminPassword]: 'scrypt$131072$8$1$dCbz9iqKTIciPDqTCNsl-A$CJ2RHHf9yURrWjYCggsYfB7EiJktKLWeneyAoUHL2-4',
};

/** The kept hash at the strong cost; at another cost (a test stack's), hashed now. */
const demoPasswordHash = (deps: Deps, password: DemoPassword) =>
  deps.passwords.needsRehash(demoPasswordHashes[password])
    ? deps.passwords.hash(password)
    : Promise.resolve(demoPasswordHashes[password]);

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
    phoneNumber: '+15550100100',
    status: UserStatus.Active,
    roleId: role.id,
    passwordHash: await demoPasswordHash(deps, person.password),
    dateCreated: memberSince(deps),
  };
  await createUser(deps, user);
  return user;
}

/** What the demo's players can win, and a prize of last season the company admin has switched off. */
const demoPrizes = [
  { name: '1st place — $100 gift card', cost: 100, active: true },
  { name: '2nd place — $50 gift card', cost: 50, active: true },
  { name: 'Best single week — team lunch', cost: 30, active: true },
  { name: "Last season's hoodie", cost: 40, active: false },
];

async function ensurePrizes(deps: Deps, client: Client) {
  const held = new Set((await listPrizes(deps, client.id)).map((prize) => prize.name));
  for (const prize of demoPrizes.filter((each) => !held.has(each.name)))
    await addPrize(deps, { id: await deps.ids.next('prize'), clientId: client.id, ...prize });
}

/** The client's two standard roles, then its company admin and its bettors. */
async function ensureMembers(
  deps: Deps,
  client: Client,
  admin: Person,
  bettorNames: readonly (readonly [string, string, string])[],
): Promise<User[]> {
  const bettorRole = await ensureRole(deps, bettorRoleName, client.id, bettorPermissions);
  const adminRole = await ensureRole(deps, companyAdminRoleName, client.id, companyAdminPermissions);
  const players = [await ensureUser(deps, client, adminRole, admin)];
  for (const [login, firstName, lastName] of bettorNames) {
    players.push(await ensureUser(deps, client, bettorRole, { login, firstName, lastName, password: demoPassword }));
  }
  return players;
}

export async function seedDemo(deps: Deps): Promise<void> {
  if (await isSeeded(deps)) return;
  const system = await ensureSystemTenant(deps);
  const admin = await ensureUser(deps, system.client, system.role, {
    login: 'admin',
    firstName: 'System',
    lastName: 'Administrator',
    password: adminPassword,
  });

  const demo = await ensureClient(deps, 'Demo', demoDomain);
  await ensurePrizes(deps, demo);
  const coach: Person = { login: 'coach', firstName: 'Chris', lastName: 'Coach', password: demoPassword };
  const rival = await ensureClient(deps, 'Rival League', rivalDomain);
  const rivalAdmin: Person = { login: 'rival-admin', firstName: 'Riley', lastName: 'Rival', password: demoPassword };
  const leagues: League[] = [
    { client: demo, players: await ensureMembers(deps, demo, coach, bettors), sportIds: demoSports },
    { client: rival, players: await ensureMembers(deps, rival, rivalAdmin, rivalBettors), sportIds: [sportIds.NFL] },
  ];
  await Promise.all(
    demoSports.map(async (sportId) => {
      const sport = (await getSport(deps, sportId))!;
      if (sportsWithHistory.includes(sportId)) await playLastSeason(deps, sport, admin, leagues);
      await ensureSeason(deps, sport, admin.id, currentSeasonStart(deps));
      await playWeeks(deps, sport, leagues);
    }),
  );
  await putItem(deps, { ...seedMarker, seededAt: deps.clock.now().toISOString() });
}

/**
 * Queues Import Scores for each demo client's sports, as its company administrator would run it from Games &
 * Odds, so a first `npm start` opens on graded past weeks (the running week stays open).
 */
export async function queueDemoScoreImports(deps: Deps) {
  for (const [domain, login] of [
    [demoDomain, 'coach'],
    [rivalDomain, 'rival-admin'],
  ] as const) {
    const client = (await findClientByDomain(deps, domain))!;
    const admin = (await findUserByLogin(deps, client.id, login))!;
    for (const { sportId } of await listClientSports(deps, client.id)) {
      const job = {
        jobId: await deps.ids.next('job'),
        type: 'ImportScores' as const,
        clientId: client.id,
        actorId: admin.id,
      };
      await queueJob(deps, { ...job, payload: { sportId } }, admin.displayName);
    }
  }
}
