// Every /Services call's contract, keyed by the route names of functions/http/routes.ts.
import { announcementsContracts } from './announcements.ts';
import { authContracts } from './auth.ts';
import { betsContracts } from './bets.ts';
import { catalogueContracts } from './catalogue.ts';
import { healthContracts } from './health.ts';
import { clientsContracts } from './clients.ts';
import { importsContracts } from './imports.ts';
import { invitesContracts } from './invites.ts';
import { leaderboardContracts } from './leaderboard.ts';
import { methodsContracts } from './methods.ts';
import { processesContracts } from './processes.ts';
import { pushContracts } from './push.ts';
import { remindersContracts } from './reminders.ts';
import { rolesContracts } from './roles.ts';
import { spreadsContracts } from './spreads.ts';
import { supportContracts } from './support.ts';
import { teamsContracts } from './teams.ts';
import { usersContracts } from './users.ts';

export const contracts = {
  ...authContracts,
  ...usersContracts,
  ...pushContracts,
  ...catalogueContracts,
  ...betsContracts,
  ...leaderboardContracts,
  ...importsContracts,
  ...clientsContracts,
  ...methodsContracts,
  ...invitesContracts,
  ...announcementsContracts,
  ...remindersContracts,
  ...rolesContracts,
  ...processesContracts,
  ...spreadsContracts,
  ...supportContracts,
  ...teamsContracts,
  ...healthContracts,
};

export type ContractName = keyof typeof contracts;
