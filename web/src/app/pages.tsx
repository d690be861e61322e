// The routes table (docs/rules.md, Routes), in navigation order: the one place a page registers. Giving an
// entry its `Page` routes it (guarded by its permissions) and shows its nav item to those allowed.
import type { ComponentType } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { lazyPage } from './lazy-page';
import type { NavEntry } from './nav-items';
import { DashboardPage } from './routes/dashboard';
import type { ManagementPage } from './routes/management';

export interface AppPage extends NavEntry {
  path: `/${string}`;
  label: string;
  /** What opening the page needs, when it differs from what showing its nav item needs. */
  pagePermissions?: readonly Permission[];
  Page?: ComponentType;
  /** The page routes further segments itself (e.g. /management/teams). */
  hasSubroutes?: boolean;
}

const withBuilt = <Entry extends { Page?: ComponentType }>(entry: Entry) => ({
  ...entry,
  built: entry.Page !== undefined,
});
const page = (entry: Omit<AppPage, 'built'>): AppPage => withBuilt(entry);
const managementPage = (entry: Omit<ManagementPage, 'built'>): ManagementPage => withBuilt(entry);

// Every page but the dashboard is loaded on first opening, so the first load is sign-in and the dashboard
// only: players never download the administration pages, nobody downloads a page before opening it.
const LeaderboardPage = lazyPage(() => import('./routes/leaderboard').then((module) => module.LeaderboardPage));
const PicksPage = lazyPage(() => import('@/features/picks/components/picks-page').then((module) => module.PicksPage));
const ThirdPartyPicksPage = lazyPage(() =>
  import('@/features/picks/components/third-party-picks-page').then((module) => module.ThirdPartyPicksPage),
);
const MyPicksPage = lazyPage(() =>
  import('@/features/my-picks/components/my-picks-page').then((module) => module.MyPicksPage),
);
const GamesAndOddsPage = lazyPage(() => import('./routes/games-and-odds').then((module) => module.GamesAndOddsPage));
const Management = lazyPage(() =>
  import('./routes/management').then(
    ({ ManagementSection }) =>
      // Management gets its pages as a prop, as the dashboard gets the check below: importing this table from
      // them would be an import cycle.
      function Management() {
        return <ManagementSection pages={managementPages} />;
      },
  ),
);
const ClientsPage = lazyPage(() =>
  import('@/features/clients/components/clients-page').then((module) => module.ClientsPage),
);
const RolesPage = lazyPage(() => import('@/features/roles/components/roles-page').then((module) => module.RolesPage));
const UsersPage = lazyPage(() => import('@/features/users/components/users-page').then((module) => module.UsersPage));
const MissingPicksPage = lazyPage(() =>
  import('@/features/missing-picks/components/missing-picks-page').then((module) => module.MissingPicksPage),
);
const TeamsPage = lazyPage(() => import('@/features/teams/components/teams-page').then((module) => module.TeamsPage));
const SportsPage = lazyPage(() =>
  import('@/features/sports/components/sports-page').then((module) => module.SportsPage),
);
const SpreadsPage = lazyPage(() =>
  import('@/features/spreads/components/spreads-page').then((module) => module.SpreadsPage),
);
const ProcessesPage = lazyPage(() =>
  import('@/features/processes/components/processes-page').then((module) => module.ProcessesPage),
);
const AdminMessagesPage = lazyPage(() =>
  import('@/features/support/components/admin-messages-page').then((module) => module.AdminMessagesPage),
);
const MethodsPage = lazyPage(() =>
  import('@/features/methods/components/methods-page').then((module) => module.MethodsPage),
);

/** The pages under /management, in the order of their top navigation. */
export const managementPages: readonly ManagementPage[] = [
  // A page needs what its own calls need: the list (view) and its changes (create and modify).
  managementPage({
    path: 'clients',
    label: 'Clients',
    navPermissions: [Permission.ViewClients, Permission.EditClients],
    Page: ClientsPage,
  }),
  managementPage({
    path: 'roles',
    label: 'Roles',
    navPermissions: [Permission.ViewRoles, Permission.EditRoles],
    Page: RolesPage,
  }),
  managementPage({
    path: 'teams',
    label: 'Teams',
    navPermissions: [Permission.ViewTeams, Permission.EditTeams],
    Page: TeamsPage,
  }),
  managementPage({
    path: 'sports',
    label: 'Sports',
    navPermissions: [Permission.ViewSports, Permission.EditSports],
    Page: SportsPage,
  }),
  managementPage({
    path: 'spreads',
    label: 'Spreads',
    navPermissions: [Permission.LoadSpreads],
    Page: SpreadsPage,
  }),
];

export const appPages: readonly AppPage[] = [
  page({ path: '/dashboard', label: 'Dashboard', navPermissions: [], Page: Dashboard }),
  page({ path: '/leaderboard', label: 'Leaderboard', navPermissions: [], Page: LeaderboardPage }),
  page({ path: '/users', label: 'Users', navPermissions: [Permission.ViewUsers], Page: UsersPage }),
  page({
    path: '/third-party-picks',
    label: 'Third Party Picks',
    // Its calls: the player chooser (User/list) and that player's slip (Bet/list with set bets for third party).
    navPermissions: [Permission.SetBetsForThirdParty, Permission.SetBets, Permission.ViewUsers],
    Page: ThirdPartyPicksPage,
  }),
  page({ path: '/picks', label: 'Picks', navPermissions: [Permission.SetBets], Page: PicksPage }),
  page({ path: '/my-picks', label: 'My Picks', navPermissions: [Permission.SetBets], Page: MyPicksPage }),
  page({
    path: '/missing-picks',
    label: 'Missing Picks',
    navPermissions: [Permission.ViewUsers],
    Page: MissingPicksPage,
  }),
  page({
    path: '/games-and-odds',
    label: 'Games & Odds',
    navPermissions: [Permission.LoadGames],
    Page: GamesAndOddsPage,
  }),
  page({
    path: '/management',
    label: 'Management',
    navPermissions: [],
    subpages: managementPages,
    Page: Management,
    hasSubroutes: true,
  }),
  page({ path: '/messages', label: 'Messages', navPermissions: [Permission.EditUsers], Page: AdminMessagesPage }),
  page({
    path: '/processes',
    label: 'Processes',
    navPermissions: [Permission.ViewProcessSchedule],
    Page: ProcessesPage,
  }),
  page({
    path: '/methods',
    label: 'Methods',
    navPermissions: [Permission.ViewClients, Permission.EditClients],
    pagePermissions: [Permission.ViewClients],
    Page: MethodsPage,
  }),
];

function pageIsBuilt(path: string): boolean {
  return appPages.some((entry) => entry.path === path && entry.built);
}

// The dashboard gets the check as a prop: importing this table from it would be an import cycle.
function Dashboard() {
  return <DashboardPage pageIsBuilt={pageIsBuilt} />;
}
