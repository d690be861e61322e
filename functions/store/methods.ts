// Integration methods: under their client's partition, found by id through GSI1.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { findOwned, putItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const listMethods = (deps: Store, clientId: number) =>
  queryAll<IntegrationMethod>(deps, keys.clientPartition(clientId), { skPrefix: keys.methodPrefix });

export async function findMethod(deps: Store, methodId: number): Promise<IntegrationMethod | undefined> {
  return findOwned<IntegrationMethod>(deps, 'METHOD', methodId, (indexed) => keys.method(indexed.clientId, indexed.id));
}

export const putMethod = (deps: Store, method: IntegrationMethod) =>
  putItem(deps, { ...keys.method(method.clientId, method.id), ...method });

/** Erased for good rather than archived: the item holds the client's secret header value. */
export async function eraseMethod(deps: Store, method: Pick<IntegrationMethod, 'clientId' | 'id'>): Promise<void> {
  const { PK, SK } = keys.method(method.clientId, method.id);
  await deps.db.send(new DeleteCommand({ TableName: deps.tables.state, Key: { PK, SK } }));
}
