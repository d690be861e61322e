// A client's prizes in the state table: under the client's partition, found by id through GSI1.
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Prize } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { findOwned, liveItem, putItem, queryAll, replaceLive, updateIf } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const unknownPrize = (id: number) => new NotFoundError(`There is no prize ${id}`, 'UNKNOWN_PRIZE');

/** The client's prizes that are not deleted. */
export const listPrizes = async (deps: Store, clientId: number) =>
  (await queryAll<Prize>(deps, keys.clientPartition(clientId), { skPrefix: keys.prizePrefix })).filter(
    (prize) => !prize.archivedAt,
  );

/** A prize by its id alone, unless deleted. */
export async function findPrize(deps: Store, id: number): Promise<Prize | undefined> {
  const found = await findOwned<Prize>(deps, 'PRIZE', id, (indexed) => keys.prize(indexed.clientId, indexed.id));
  return found?.archivedAt ? undefined : found;
}

/** Its id drawn for it, the same prize already there is an earlier attempt's of the same change (http/request-key.ts). */
export const addPrize = (deps: Store, prize: Prize) =>
  putItem(deps, { ...keys.prize(prize.clientId, prize.id), ...prize }, { ifAbsent: true });

export const prizeChanged = () =>
  new ConflictError('Someone else changed this prize meanwhile: reload the prizes and edit it again', 'PRIZE_CHANGED');

/**
 * Replaces a prize read as `before` with its edit (the next version): a prize deleted meanwhile stays deleted (404),
 * and one another edit changed since the read keeps that edit (409 PRIZE_CHANGED).
 */
export const replacePrize = (deps: Store, before: Prize, edited: Prize) =>
  replaceLive(deps, { ...keys.prize(edited.clientId, edited.id), ...edited }, before.version ?? 0, {
    changed: prizeChanged,
    gone: () => unknownPrize(edited.id),
  });

/** Archives the prize: 404 when it was deleted meanwhile. */
export async function archivePrize(deps: Store, prize: Prize, at: Date) {
  const archived = await updateIf(deps, keys.prize(prize.clientId, prize.id), {
    set: 'SET archivedAt = :at',
    when: liveItem,
    values: { ':at': at.toISOString() },
  });
  if (!archived) throw unknownPrize(prize.id);
}
