// The HTTP API's routes: one line per /Services call, its Lambda (area) and its permission guard.
// The CDK API stack creates one function per area and one API Gateway route per line; the local
// server dispatches with the same table; each area's handler implements exactly its lines.
import { Permission } from '../../domain/auth/permissions.ts';

export type Area = 'auth' | 'users' | 'catalogue' | 'bets' | 'results';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteSpec {
  method: Method;
  path: `/Services/${string}`;
  area: Area;
  /** 'public' needs no token; a list needs a valid token and every permission in it. */
  access: 'public' | readonly Permission[];
}

export const routes = {
  signIn: { method: 'POST', path: '/Services/token', area: 'auth', access: 'public' },
  currentUser: { method: 'GET', path: '/Services/user', area: 'auth', access: [] },
  sendPasswordLink: { method: 'POST', path: '/Services/send-password-link', area: 'auth', access: 'public' },
  resetPassword: { method: 'POST', path: '/Services/reset-password', area: 'auth', access: 'public' },
  setPassword: { method: 'POST', path: '/Services/set-password', area: 'auth', access: [] },

  register: { method: 'POST', path: '/Services/api/User/registration', area: 'users', access: 'public' },
  checkLogin: { method: 'GET', path: '/Services/api/User/check-login', area: 'users', access: 'public' },
  editUser: { method: 'POST', path: '/Services/api/User/edit', area: 'users', access: [Permission.ViewOwnProfile] },
  userList: { method: 'POST', path: '/Services/api/User/list', area: 'users', access: [Permission.ViewUsers] },

  clientSportList: { method: 'GET', path: '/Services/api/Client/sport-list', area: 'catalogue', access: [] },
  sportList: { method: 'POST', path: '/Services/api/Sport/list', area: 'catalogue', access: [Permission.ViewSports] },
  weekList: { method: 'GET', path: '/Services/api/Bet/week-list', area: 'catalogue', access: [] },
  seasonList: { method: 'GET', path: '/Services/api/Game/season-list', area: 'catalogue', access: [] },
  roleList: { method: 'POST', path: '/Services/api/Role/list', area: 'catalogue', access: [Permission.ViewRoles] },
  teamList: { method: 'POST', path: '/Services/api/Team/list', area: 'catalogue', access: [Permission.ViewTeams] },

  // Own slip: set bets; another player's slip also needs set bets for third party (bets/slip-owner.ts).
  betList: { method: 'POST', path: '/Services/api/Bet/list', area: 'bets', access: [Permission.SetBets] },
  setBets: { method: 'POST', path: '/Services/api/Bet/set-bets', area: 'bets', access: [Permission.SetBets] },
  setBonusBets: { method: 'POST', path: '/Services/api/Bet/set-bonus-bets', area: 'bets', access: [Permission.SetBets] },
  deleteBet: { method: 'DELETE', path: '/Services/api/Bet/delete', area: 'bets', access: [Permission.SetBets] },
  betHistory: { method: 'GET', path: '/Services/api/Bet/history', area: 'bets', access: [Permission.SetBets] },
  gameList: { method: 'POST', path: '/Services/api/Game/list', area: 'bets', access: [Permission.ViewGames] },

  balance: { method: 'GET', path: '/Services/api/Bet/balance', area: 'results', access: [Permission.ViewLeaderboard] },
  seasonPoints: { method: 'GET', path: '/Services/api/Bet/season-points', area: 'results', access: [Permission.ViewLeaderboard] },
  stats: { method: 'GET', path: '/Services/api/Bet/stats', area: 'results', access: [] },
  loadResults: { method: 'POST', path: '/Services/api/Game/load-results', area: 'results', access: [Permission.LoadGames] },
  closeWeekJob: { method: 'POST', path: '/Services/api/Bet/close-week', area: 'results', access: [Permission.LoadGames] },
  jobStatus: { method: 'GET', path: '/Services/api/Job/status', area: 'results', access: [] },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;
export type RoutesOf<A extends Area> = {
  [K in RouteName]: (typeof routes)[K]['area'] extends A ? K : never;
}[RouteName];

export const areas: readonly Area[] = ['auth', 'users', 'catalogue', 'bets', 'results'];

/** Where each Lambda's code lives, relative to the repository root (the CDK entry points). */
export const areaEntry = (area: Area) => `functions/http/${area}-api.ts`;
