// The two roles every client starts with (docs/rules.md, Clients): players sign up as Bettors, and the
// client's own administrator runs its users and roles.
import { Permission } from './permissions.ts';

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

export const bettorRoleName = 'Bettor';
export const companyAdminRoleName = 'Company Admin';

export const standardRoles = [
  { name: bettorRoleName, permissions: bettorPermissions },
  { name: companyAdminRoleName, permissions: companyAdminPermissions },
] as const;
