// A client's prizes in the state table: under the client's partition, found by id through GSI1.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '#domain/errors.ts';
import type { Prize } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { findOwned, putItem, queryAll } from './state-table.ts';

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

export const addPrize = (deps: Store, prize: Prize) =>
  putItem(deps, { ...keys.prize(prize.clientId, prize.id), ...prize }, { ifAbsent: true });

/** A write conditioned on the prize not being deleted: 404 when it was deleted meanwhile. */
async function whileNotDeleted(id: number, write: Promise<unknown>) {
  try {
    await write;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw unknownPrize(id);
    throw error;
  }
}

export const savePrize = (deps: Store, prize: Prize) =>
  whileNotDeleted(
    prize.id,
    deps.db.send(
      new PutCommand({
        TableName: deps.tables.state,
        Item: { ...keys.prize(prize.clientId, prize.id), ...prize },
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt)',
      }),
    ),
  );

export const archivePrize = (deps: Store, prize: Prize, at: Date) => {
  const { PK, SK } = keys.prize(prize.clientId, prize.id);
  return whileNotDeleted(
    prize.id,
    deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: { PK, SK },
        UpdateExpression: 'SET archivedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
};
