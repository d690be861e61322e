// The HTTP API's routes: per /Services call (its contract in domain/contracts/ gives method, path and
// input), its Lambda (area) and its permission guard. The CDK API stack creates one function per area
// and one API Gateway route per line; the local server dispatches with the same table; each area's
// handler implements exactly its lines.
import { Permission } from '#domain/auth/permissions.ts';
import { type ContractName, contracts } from '#domain/contracts/api.ts';

export type Area = 'auth' | 'users' | 'catalogue' | 'bets' | 'results' | 'admin' | 'lines' | 'processes' | 'health';

export interface Guard {
  area: Area;
  /** 'public' needs no token; a list needs a valid token and every permission in it. */
  access: 'public' | readonly Permission[];
}

// `satisfies` over the contract names: a contract without a guard, or a guard without a contract, does not compile.
const guards = {
  signIn: { area: 'auth', access: 'public' },
  currentUser: { area: 'auth', access: [] },
  sendPasswordLink: { area: 'auth', access: 'public' },
  resetPassword: { area: 'auth', access: 'public' },
  setPassword: { area: 'auth', access: [] },

  register: { area: 'users', access: 'public' },
  checkLogin: { area: 'users', access: 'public' },
  editUser: { area: 'users', access: [Permission.ViewOwnProfile] },
  userList: { area: 'users', access: [Permission.ViewUsers] },
  // Another client (and its roles) in create also needs 'delete clients' (users/manage-users.ts).
  createUser: { area: 'users', access: [Permission.EditUsers] },
  deleteUser: { area: 'users', access: [Permission.DeleteUsers] },
  loadUsersCsv: { area: 'users', access: [Permission.EditUsers] },

  clientSportList: { area: 'catalogue', access: [] },
  sportList: { area: 'catalogue', access: [Permission.ViewSports] },
  weekList: { area: 'catalogue', access: [] },
  seasonList: { area: 'catalogue', access: [] },
  teamList: { area: 'catalogue', access: [Permission.ViewTeams] },
  teamMap: { area: 'catalogue', access: [] },

  // Own slip: set bets; another player's slip also needs set bets for third party (bets/slip-owner.ts).
  betList: { area: 'bets', access: [Permission.SetBets] },
  setBets: { area: 'bets', access: [Permission.SetBets] },
  setBonusBets: { area: 'bets', access: [Permission.SetBets] },
  deleteBet: { area: 'bets', access: [Permission.SetBets] },
  betHistory: { area: 'bets', access: [Permission.SetBets] },
  gameList: { area: 'bets', access: [Permission.ViewGames] },

  balance: { area: 'results', access: [Permission.ViewLeaderboard] },
  seasonPoints: { area: 'results', access: [Permission.ViewLeaderboard] },
  stats: { area: 'results', access: [] },
  loadResults: { area: 'results', access: [Permission.LoadGames] },
  closeWeekJob: { area: 'results', access: [Permission.LoadGames] },
  jobStatus: { area: 'results', access: [] },
  // The catalogue is shared by every client: a new season changes the current season of all, so it also needs client management.
  loadSeasonGames: { area: 'results', access: [Permission.LoadGames, Permission.EditClients] },
  loadGames: { area: 'results', access: [Permission.LoadGames] },
  loadSpreads: { area: 'results', access: [Permission.LoadSpreads] },
  loadTeams: { area: 'results', access: [Permission.EditTeams] },
  importJobList: { area: 'results', access: [Permission.LoadGames] },

  // A company administrator acts on their own client; naming another needs client management (auth-guard.ts).
  clientList: { area: 'admin', access: [Permission.ViewClients] },
  createClient: { area: 'admin', access: [Permission.EditClients] },
  editClient: { area: 'admin', access: [Permission.EditClients] },
  deleteClient: { area: 'admin', access: [Permission.DeleteClients] },
  userActivity: { area: 'admin', access: [Permission.ViewUsers] },
  addClientSport: { area: 'admin', access: [Permission.EditClients] },
  editClientSport: { area: 'admin', access: [Permission.EditClients] },
  deleteClientSport: { area: 'admin', access: [Permission.EditClients] },
  affiliateList: { area: 'admin', access: [Permission.ViewSports] },
  prizeList: { area: 'admin', access: [] },
  addPrize: { area: 'admin', access: [Permission.EditClients] },
  editPrize: { area: 'admin', access: [Permission.EditClients] },
  deletePrize: { area: 'admin', access: [Permission.EditClients] },
  methodList: { area: 'admin', access: [Permission.ViewClients] },
  addMethod: { area: 'admin', access: [Permission.EditClients] },
  editMethod: { area: 'admin', access: [Permission.EditClients] },
  deleteMethod: { area: 'admin', access: [Permission.EditClients] },
  // A manual line is the affiliate's: setting or resetting it changes the line of every client on that affiliate,
  // so it also needs create and modify clients (docs/rules.md, Spread).
  spreadList: { area: 'lines', access: [Permission.LoadSpreads] },
  setSpread: { area: 'lines', access: [Permission.LoadSpreads, Permission.EditClients] },
  useAffiliateSign: { area: 'lines', access: [Permission.LoadSpreads, Permission.EditClients] },
  lineHistory: { area: 'lines', access: [Permission.LoadSpreads] },
  setBonusGamesStart: { area: 'lines', access: [Permission.EditClients] },
  // The processes are the system's: every client's imports and reminders run on their schedules. Their own
  // area, as the only Lambda that may change EventBridge schedules.
  processList: { area: 'processes', access: [Permission.ViewProcessSchedule] },
  alterProcesses: { area: 'processes', access: [Permission.ViewProcessSchedule, Permission.UpdateProcessSchedule] },
  deleteSchedule: { area: 'processes', access: [Permission.ViewProcessSchedule, Permission.UpdateProcessSchedule] },
  roleList: { area: 'admin', access: [Permission.ViewRoles] },
  permissionList: { area: 'admin', access: [Permission.ViewRoles] },
  createRole: { area: 'admin', access: [Permission.EditRoles] },
  editRole: { area: 'admin', access: [Permission.EditRoles] },
  deleteRole: { area: 'admin', access: [Permission.DeleteRoles] },
  // Teams and sports are shared by every client: changing one changes it for all.
  editTeam: { area: 'admin', access: [Permission.EditTeams] },
  setTeamLogo: { area: 'admin', access: [Permission.EditTeams] },
  useFeedValue: { area: 'admin', access: [Permission.EditTeams] },
  editSport: { area: 'admin', access: [Permission.EditSports] },
  // Its own small function: monitors call it often, and it may read nothing but the tables' health item.
  health: { area: 'health', access: 'public' },
} as const satisfies Record<ContractName, Guard>;

export type RouteName = ContractName;
type Guards = typeof guards;
export type RouteSpec<N extends RouteName = RouteName> = Guards[N] &
  Pick<(typeof contracts)[N], 'method' | 'path'> & { contract: (typeof contracts)[N] };

export const routes = Object.fromEntries(
  Object.entries(guards).map(([name, guard]) => {
    const contract = contracts[name as RouteName];
    return [name, { ...guard, method: contract.method, path: contract.path, contract }];
  }),
) as { [N in RouteName]: RouteSpec<N> };

export type RoutesOf<A extends Area> = {
  [K in RouteName]: Guards[K]['area'] extends A ? K : never;
}[RouteName];

export const areas: readonly Area[] = [
  'auth',
  'users',
  'catalogue',
  'bets',
  'results',
  'admin',
  'lines',
  'processes',
  'health',
];

/** Where each Lambda's code lives, relative to the repository root (the CDK entry points). */
export const areaEntry = (area: Area) => `functions/http/${area}-api.ts`;
