// The catalogue the API specs start from, written by the product's own functions (the system tenant, clients,
// roles, accounts, Start New Season and Import Spreads from a feed) so nothing here knows a key or an item's shape.
// NFL's season 2026 in New York time: week 1 runs Wednesday 18 to Tuesday 24 November, week 2 follows. The feed is
// spelt out below, game by game; every game has its line at one book except game 112.
import { Permission } from '#domain/auth/permissions.ts';
import {
  bettorPermissions,
  bettorRoleName,
  companyAdminPermissions,
  companyAdminRoleName,
} from '#domain/auth/standard-roles.ts';
import { type Client, type Role, type User, UserStatus } from '#domain/auth/user.ts';
import { slipStreamId } from '#domain/betting/slip.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import { fixedClock } from '../../../functions/adapters/clock.ts';
import type { Deps } from '../../../functions/adapters/deps.ts';
import { importSeason } from '../../../functions/jobs/import-season.ts';
import { importSpreads } from '../../../functions/jobs/import-spreads.ts';
import type { FeedGame, FeedLine, FeedTeam, SportsFeed } from '../../../functions/providers/port.ts';
import { ensureClient, ensureRole, ensureSystemTenant, sportIds } from '../../../functions/seed/system-tenant.ts';
import { createUser } from '../../../functions/store/account-claims.ts';
import { addClientSport, getSport, listAffiliates, listWeeks } from '../../../functions/store/catalogue.ts';
import { apiSpec, type Caller } from '../../support/api-spec.ts';

export const nfl = sportIds.NFL;

/** Thursday noon in New York: game 101 has begun, the rest of week 1 is open. */
export const thursday = '2026-11-19T17:00:00.000Z';
/** Monday 10:00 in New York: the bonus games are open. */
export const monday = '2026-11-23T15:00:00.000Z';

/** Our team ids 1 to 24, each playing once a week. */
const teams: FeedTeam[] = Array.from({ length: 24 }, (_, index) => ({
  ref: `team-${index + 1}`,
  id: index + 1,
  name: `City ${index + 1} Mascots`,
  city: `City ${index + 1}`,
  mascot: 'Mascots',
  abbreviation: `C${index + 1}`,
}));

const book = { ref: 'book', id: 1, name: 'Spec Book', url: 'https://book.example' };

/** [id, kickoff (UTC), home team, away team, the home team's line (none: no line)] */
const schedule: [number, string, number, number, number | null][] = [
  [101, '2026-11-19T15:00:00Z', 1, 2, -3], // Thursday 10:00 in New York: started by the specs' Thursday noon
  [102, '2026-11-20T01:15:00Z', 3, 4, 2.5], // Thursday night
  [103, '2026-11-22T18:00:00Z', 5, 6, -7],
  [104, '2026-11-22T18:00:00Z', 7, 8, 3.5],
  [105, '2026-11-22T18:00:00Z', 9, 10, -1],
  [106, '2026-11-22T21:25:00Z', 11, 12, 6],
  [107, '2026-11-22T21:25:00Z', 13, 14, -4.5],
  [108, '2026-11-23T01:20:00Z', 15, 16, 1.5], // Sunday night
  [109, '2026-11-23T23:30:00Z', 17, 18, -2], // Monday 18:30: a bonus game
  [110, '2026-11-24T01:15:00Z', 19, 20, 3], // Monday night: a bonus game
  [112, '2026-11-22T18:00:00Z', 21, 22, null], // no line yet
  [201, '2026-11-29T18:00:00Z', 1, 3, -6], // week 2, the season's last
  [202, '2026-12-01T23:00:00Z', 5, 7, 2], // Tuesday 18:00 of week 2: the season's last day
];

/** A game of the feed as the specs name it: its teams and the home team's line (null: none). */
export function gameOf(id: number) {
  const [, beginning, home, away, homeLine] = schedule.find(([gameId]) => gameId === id)!;
  return { id, beginning, homeTeamId: home, awayTeamId: away, homeLine };
}

const games: FeedGame[] = schedule.map(([id, beginning, home, away]) => ({
  ref: `game-${id}`,
  id,
  seasonYear: 2026,
  beginning,
  home: { ref: `team-${home}`, name: teams[home - 1]!.name },
  away: { ref: `team-${away}`, name: teams[away - 1]!.name },
  status: GameStatus.Upcoming,
  homeScore: null,
  awayScore: null,
}));

const lines: FeedLine[] = schedule.flatMap(([id, , home, , homeLine]) =>
  homeLine === null
    ? []
    : [
        {
          gameRef: `game-${id}`,
          affiliate: book,
          home: { ref: `team-${home}`, name: teams[home - 1]!.name },
          homeLine,
        },
      ],
);

const feed: SportsFeed = {
  name: 'demo',
  listTeams: async () => teams,
  listSeasonGames: async () => games,
  listGames: async () => games,
  listResults: async () => [],
  listLines: async () => lines,
};

/** The demo client's bettors; coach (Chris Coach) is its company admin. */
const demoBettors = ['alex', 'jordan', 'drew', 'morgan', 'casey', 'riley', 'quinn', 'avery'] as const;

async function member(deps: Deps, client: Client, role: Role, login: string, [firstName, lastName]: string[]) {
  const user: User = {
    id: await deps.ids.next('user'),
    clientId: client.id,
    login,
    displayName: `${firstName} ${lastName![0]}.`,
    emailAddress: `${login}@${client.domain}.example.com`,
    firstName: firstName!,
    lastName: lastName!,
    middleName: '',
    phoneNumber: '',
    status: UserStatus.Active,
    roleId: role.id,
    passwordHash: 'not used: the specs call as a member with a token',
    dateCreated: '2026-08-01T00:00:00.000Z',
  };
  await createUser(deps, user);
  return { user, client };
}

async function clientWithMembers(
  deps: Deps,
  [name, domain]: [string, string],
  [admin, ...adminNames]: [string, string, string],
  bettors: readonly string[],
) {
  const client = await ensureClient(deps, name, domain);
  const bettorRole = await ensureRole(deps, bettorRoleName, client.id, bettorPermissions);
  const adminRole = await ensureRole(deps, companyAdminRoleName, client.id, companyAdminPermissions);
  const members: Record<string, Caller> = {};
  members[admin] = await member(deps, client, adminRole, admin, adminNames);
  for (const login of bettors) members[login] = await member(deps, client, bettorRole, login, [login, 'Player']);
  return { client, members };
}

/** Writes the league on the deps (a bare database, an in-memory event store) and answers who and what is in it. */
export async function specLeague(deps: Deps) {
  const system = await ensureSystemTenant(deps);
  const sysadmin = await member(deps, system.client, system.role, 'admin', ['System', 'Administrator']);
  const demo = await clientWithMembers(deps, ['Demo', demoDomain], ['coach', 'Chris', 'Coach'], demoBettors);
  // Members of roles that hold the spreads page's permissions in part (reading the lines, and managing them too), and
  // of one managing users.
  for (const [login, permissions] of [
    ['line-reader', [Permission.ViewOwnProfile, Permission.LoadSpreads]],
    ['line-manager', [Permission.ViewOwnProfile, Permission.EditClients, Permission.LoadSpreads]],
    ['user-helper', [Permission.ViewUsers, Permission.EditUsers]],
  ] as const) {
    const role = await ensureRole(deps, `Role of ${login}`, demo.client.id, [...permissions]);
    demo.members[login] = await member(deps, demo.client, role, login, ['Lee', 'Lines']);
  }
  const rival = await clientWithMembers(deps, ['Rival League', 'rival'], ['rival-admin', 'Riley', 'Rival'], ['rory']);
  const sport = (await getSport(deps, nfl))!;
  const eve = { ...deps, clock: fixedClock('2026-11-18T00:00:00Z') };
  await importSeason(eve, sport, feed, 2026, sysadmin.user.id);
  await importSpreads(eve, sport, feed);
  const [affiliate] = await listAffiliates(deps, nfl);
  // Both play NFL at the book, with the default days (picks Wednesday to Sunday, bonus Monday and Tuesday).
  const playing = async (league: Awaited<ReturnType<typeof clientWithMembers>>) => ({
    ...league,
    clientSport: await addClientSport(deps, { clientId: league.client.id, sport, affiliate: affiliate!, days: {} }),
  });
  const [week1, week2] = await listWeeks(deps, nfl);
  return {
    sysadmin,
    demo: await playing(demo),
    rival: await playing(rival),
    sport,
    affiliate: affiliate!,
    week1: week1!,
    week2: week2!,
  };
}

/**
 * A test file's API spec on the league: its cases, the league once written, a demo member by login, and a player's
 * NFL slip stream of a week (week 1 unless named).
 */
export function leagueSpec() {
  const spec = apiSpec(specLeague);
  const league = () => spec.world();
  const slipOf = (player: Caller, weekId = league().week1.id) =>
    slipStreamId({ clientId: player.client.id, userId: player.user.id, sportId: nfl, weekId });
  return { spec, league, demo: (login: string) => league().demo.members[login]!, slipOf };
}
