// The permission catalogue (spec player-side §6). A user's permissions travel as one string of
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

export type Permission = keyof typeof permissionNames;

export const allPermissions = Object.keys(permissionNames).map(Number) as Permission[];

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

/** Callers who manage clients may name another client in a request (DESIGN §4). */
export const clientManagementPermissions: readonly Permission[] = [14, 15, 16];

export const canActAcrossClients = (held: readonly number[]) =>
  clientManagementPermissions.some((code) => held.includes(code));
