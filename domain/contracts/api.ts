// Every /Services call's contract, keyed by the route names of functions/http/routes.ts.
import { authContracts } from './auth.ts';
import { betsContracts } from './bets.ts';
import { catalogueContracts } from './catalogue.ts';
import { healthContracts } from './health.ts';
import { clientsContracts } from './clients.ts';
import { importsContracts } from './imports.ts';
import { resultsContracts } from './results.ts';
import { processesContracts } from './processes.ts';
import { rolesContracts } from './roles.ts';
import { spreadsContracts } from './spreads.ts';
import { teamsContracts } from './teams.ts';
import { usersContracts } from './users.ts';

export const contracts = {
  ...authContracts,
  ...usersContracts,
  ...catalogueContracts,
  ...betsContracts,
  ...resultsContracts,
  ...importsContracts,
  ...clientsContracts,
  ...rolesContracts,
  ...processesContracts,
  ...spreadsContracts,
  ...teamsContracts,
  ...healthContracts,
};

export type ContractName = keyof typeof contracts;
