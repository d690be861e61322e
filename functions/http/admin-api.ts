// Lambda: tenant administration: clients, their sports, prizes and integration methods, roles, and the
// catalogue's teams and sports.
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { areaApi } from './area-api.ts';
import { clientList, createClient, deleteClient, editClient, userActivity } from './admin/clients.ts';
import { addClientSport, affiliateList, deleteClientSport, editClientSport } from './admin/client-sports.ts';
import { addPrize, deletePrize, editPrize, prizeList } from './admin/prizes.ts';
import { addMethod, deleteMethod, editMethod, methodList } from './admin/methods.ts';
import { createRole, deleteRole, editRole, permissionList, roleList } from './admin/roles.ts';
import { editSport } from './admin/sports.ts';
import { editTeam, setTeamLogo, useFeedValue } from './admin/teams.ts';

export const createAdminApi = (getDeps: () => Deps) =>
  areaApi(
    'admin',
    {
      clientList,
      createClient,
      editClient,
      deleteClient,
      userActivity,
      addClientSport,
      editClientSport,
      deleteClientSport,
      affiliateList,
      prizeList,
      addPrize,
      editPrize,
      deletePrize,
      methodList,
      addMethod,
      editMethod,
      deleteMethod,
      roleList,
      permissionList,
      createRole,
      editRole,
      deleteRole,
      editTeam,
      setTeamLogo,
      useFeedValue,
      editSport,
    },
    getDeps,
  );

export const handler = createAdminApi(lazyDeps());
