// A client's prizes (docs/rules.md, Prizes): listed, added, edited and deleted (archived) within the client.
import { Permission } from '#domain/auth/permissions.ts';
import type { PrizeRow } from '#domain/contracts/clients.ts';
import type { Prize } from '#domain/tenancy/client-settings.ts';
import { liveClient } from '../../store/clients.ts';
import { editedFrom } from '../../store/state-table.ts';
import {
  addPrize as storeAdd,
  archivePrize,
  findPrize,
  prizeChanged,
  listPrizes,
  replacePrize,
  unknownPrize,
} from '../../store/prizes.ts';
import type { Deps } from '../../adapters/deps.ts';
import type { RouteImpl } from '../area-api.ts';
import { type Caller, scopedClientId, scopedLiveClientId } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';

/** A prize not deleted, of a client the caller may act on (another client's: 403). */
async function ownPrize(deps: Deps, caller: Caller, id: number): Promise<Prize> {
  const prize = await findPrize(deps, id);
  if (!prize) throw unknownPrize(id);
  await scopedLiveClientId(deps, caller, prize.clientId);
  return prize;
}

const toRow = ({ id, clientId, name, cost, active, version }: Prize): PrizeRow => ({
  id,
  clientId,
  name,
  cost,
  active,
  version: version ?? 0,
});

/** Whoever may edit the prizes sees them all; a player sees what can be won, the active ones. */
export const prizeList: RouteImpl<'prizeList'> = async ({ input, caller }, deps) => {
  const prizes = await listPrizes(deps, await scopedLiveClientId(deps, caller, input.clientId));
  const shown = caller.permissions.includes(Permission.EditClients) ? prizes : prizes.filter((prize) => prize.active);
  return shown.map(toRow);
};

export const addPrize: RouteImpl<'addPrize'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.clientId));
  const prize: Prize = {
    id: await deps.ids.next('prize'),
    clientId: client.id,
    name: input.name,
    cost: input.cost,
    active: true,
  };
  await storeAdd(deps, prize);
  return reply(201, toRow(prize));
};

export const editPrize: RouteImpl<'editPrize'> = async ({ input, caller }, deps) => {
  const prize = await ownPrize(deps, caller, input.id);
  // Over the version the page read: another edit since is 409, this one landed already is done (replaceLive).
  const from = editedFrom(input.version, prize.version, prizeChanged);
  const edited: Prize = {
    ...prize,
    name: input.name,
    cost: input.cost,
    active: input.active ?? prize.active,
    version: from + 1,
  };
  await replacePrize(deps, { ...prize, version: from }, edited);
  return toRow(edited);
};

export const deletePrize: RouteImpl<'deletePrize'> = async ({ input, caller }, deps) => {
  await archivePrize(deps, await ownPrize(deps, caller, input.id), deps.clock.now());
  return { message: 'Prize has been deleted' };
};
