// The HTTP API's routes, derived from each area's one record per route (contract name, guard, handler) in
// functions/http/<area>-api.ts. The CDK API stack creates one function per area and one API Gateway route
// per record; the local server, the OpenAPI document and the security probes read the same table.
import { type ContractName, contracts } from '#domain/contracts/api.ts';
import type { Deps } from '../adapters/deps.ts';
import { type Access, areaApi, type AreaRoutes } from './area-api.ts';
import { adminRoutes } from './admin-api.ts';
import { authRoutes } from './auth-api.ts';
import { betsRoutes } from './bets-api.ts';
import { catalogueRoutes } from './catalogue-api.ts';
import { healthRoutes } from './health-api.ts';
import { importsRoutes } from './imports-api.ts';
import { leaderboardRoutes } from './leaderboard-api.ts';
import { spreadsRoutes } from './spreads-api.ts';
import { processesRoutes } from './processes-api.ts';
import { usersRoutes } from './users-api.ts';

const byArea = {
  auth: authRoutes,
  users: usersRoutes,
  catalogue: catalogueRoutes,
  bets: betsRoutes,
  leaderboard: leaderboardRoutes,
  imports: importsRoutes,
  admin: adminRoutes,
  spreads: spreadsRoutes,
  processes: processesRoutes,
  health: healthRoutes,
} as const satisfies Record<string, AreaRoutes>;

export type Area = keyof typeof byArea;
export type RouteName = ContractName;

// A contract no area serves does not compile: the error names it.
type Served = { [A in Area]: keyof (typeof byArea)[A] }[Area];
const everyContractServed: Exclude<ContractName, Served> extends never ? true : Exclude<ContractName, Served> = true;
void everyContractServed;

export interface RouteSpec<N extends RouteName = RouteName> {
  area: Area;
  access: Access;
  method: (typeof contracts)[N]['method'];
  path: (typeof contracts)[N]['path'];
  contract: (typeof contracts)[N];
}

export const areas = Object.keys(byArea) as Area[];

/** An area's Lambda handler on the deps given (the local stack's); each area's module exports it on its environment's. */
export const createAreaHandler = (area: Area, getDeps: () => Deps) => areaApi(byArea[area], contracts, getDeps);

function routeTable() {
  const table: Partial<Record<RouteName, RouteSpec>> = {};
  for (const area of areas) {
    for (const [name, record] of Object.entries(byArea[area] as AreaRoutes)) {
      const contract = contracts[name as RouteName];
      if (table[name as RouteName]) throw new Error(`Route ${name} is served by two areas`);
      table[name as RouteName] = {
        area,
        access: record.access,
        method: contract.method,
        path: contract.path,
        contract,
      };
    }
  }
  return table as { [N in RouteName]: RouteSpec<N> };
}

export const routes = routeTable();

/** Where each Lambda's code lives, relative to the repository root (the CDK entry points). */
export const areaEntry = (area: Area) => `functions/http/${area}-api.ts`;
