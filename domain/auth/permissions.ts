// The permission catalogue (docs/rules.md, Permissions). A user's permissions travel as one string of
// codes separated by comma and space ("4, 8, 18"); a check for a list requires all of them.
export const permissionNames = {
  1: 'view users of client',
  2: 'create and modify users of client',
  3: 'delete users of client',
  4: 'view own profile',
  5: 'view roles of client',
  6: 'create and modify roles of client',
  7: 'delete roles of client',
  8: 'view sports',
  9: 'modify sports',
  10: 'view teams',
  11: 'modify teams',
  12: 'view games',
  13: 'load games',
  14: 'view clients',
  15: 'create and modify clients',
  16: 'delete clients',
  17: 'load spreads',
  18: 'set bets',
  19: 'view balance on bets',
  20: 'view leaderboard',
  21: 'make third party bets',
  22: 'view process schedule',
  23: 'update process schedule',
  24: 'set bets for third party',
} as const;

/** The permission codes by name: code uses the name, the wire and the database keep the number. */
export const Permission = {
  ViewUsers: 1,
  EditUsers: 2,
  DeleteUsers: 3,
  ViewOwnProfile: 4,
  ViewRoles: 5,
  EditRoles: 6,
  DeleteRoles: 7,
  ViewSports: 8,
  EditSports: 9,
  ViewTeams: 10,
  EditTeams: 11,
  ViewGames: 12,
  LoadGames: 13,
  ViewClients: 14,
  EditClients: 15,
  DeleteClients: 16,
  LoadSpreads: 17,
  SetBets: 18,
  ViewBalance: 19,
  ViewLeaderboard: 20,
  MakeThirdPartyBets: 21,
  ViewProcessSchedule: 22,
  UpdateProcessSchedule: 23,
  SetBetsForThirdParty: 24,
} as const satisfies Record<string, keyof typeof permissionNames>;

export type Permission = (typeof Permission)[keyof typeof Permission];

export const allPermissions = Object.values(Permission);

export const isPermission = (code: number): code is Permission => code in permissionNames;

export function formatPermissions(codes: readonly number[]): string {
  return [...new Set(codes)].sort((a, b) => a - b).join(', ');
}

export function parsePermissions(text: string): Permission[] {
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((code) => Number.isInteger(code) && isPermission(code)) as Permission[];
}

export function holdsAll(held: readonly number[], required: readonly number[]): boolean {
  return required.every((code) => held.includes(code));
}

/** Callers who manage clients may name another client in a request (docs/rules.md, Client scope). */
export const clientManagementPermissions: readonly Permission[] = [
  Permission.ViewClients,
  Permission.EditClients,
  Permission.DeleteClients,
];

export const canActAcrossClients = (held: readonly number[]) =>
  clientManagementPermissions.some((code) => held.includes(code));

/** A system administrator holds every client-management permission (docs/rules.md, Roles). */
export const isSystemAdministrator = (held: readonly number[]) =>
  clientManagementPermissions.every((code) => held.includes(code));
