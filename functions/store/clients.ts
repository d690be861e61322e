// Clients in the state table: one global partition (the clients list is one query), each client's domain
// held by a claim item so a domain is never used twice.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Client } from '#domain/auth/user.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import {
  deleteIf,
  getItem,
  isConditionFailure,
  liveItem,
  putItem,
  queryAll,
  setFields,
  updateIf,
} from './state-table.ts';
import { recountUsers } from './user-directory.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const getClient = (deps: Store, clientId: number) => getItem<Client>(deps, keys.client(clientId));

/** A client that is not deleted, or 404. */
export async function liveClient(deps: Store, clientId: number): Promise<Client> {
  const client = await getClient(deps, clientId);
  if (!client || client.archivedAt) throw new NotFoundError(`There is no client ${clientId}`, 'UNKNOWN_CLIENT');
  return client;
}

/** Every client, deleted ones too (one query of the clients partition). */
export const listAllClients = (deps: Store) => queryAll<Client>(deps, keys.clientsPartition);

interface DomainClaim {
  clientId: number;
  /** The name a create was asked with: asked again with it, the create is finished (unfinishedClientAt). */
  name?: string;
  /** Set when the client moved to another domain: the claim keeps the domain from being reused, nothing more. */
  retired?: boolean;
}

/** The client at a domain, deleted ones too; a domain the client has moved away from names nobody. */
export async function findClientByDomain(deps: Store, domain: string): Promise<Client | undefined> {
  const found = await getItem<DomainClaim>(deps, keys.domainClaim(domain));
  if (!found || found.retired) return undefined;
  const client = await getClient(deps, found.clientId);
  return client?.domain === domain ? client : undefined;
}

const domainTaken = (domain: string) => `The domain '${domain}' is already used by another client`;

/** A move made from a domain the client has left since (another administrator moved it first). */
export const movedMeanwhile = (domain: string) =>
  new ConflictError(`Someone else moved this client to '${domain}' meanwhile`, 'CLIENT_CHANGED');

/**
 * The client a create left unfinished at the domain (a crash or a throttle after its claim), asked again with the same
 * name: the claim's client, not yet written or still making its roles, and not deleted. Undefined when the domain is
 * free, its client is whole or deleted, or the claim is another create's (another name).
 */
export async function unfinishedClientAt(
  deps: Store,
  domain: string,
  name: string,
): Promise<Partial<Client> | undefined> {
  const claimed = await getItem<DomainClaim>(deps, keys.domainClaim(domain));
  if (!claimed || claimed.retired || claimed.name !== name) return undefined;
  const client = await getClient(deps, claimed.clientId);
  if (!client) return { id: claimed.clientId };
  return client.makingRoles && !client.archivedAt ? client : undefined;
}

/**
 * Claims the domain first: a domain is never used twice, not even after its client is deleted (the claim of the same
 * create asked again is its own). The client is put where there is none; one an earlier attempt put and left making
 * its roles is kept as it is (a setting made on it since stays), and one finished or deleted since is 409.
 */
export async function createClient(deps: Store, client: Client): Promise<void> {
  const domain = keys.domainClaim(client.domain);
  await claim(deps, domain, { clientId: client.id, name: client.name }, domainTaken(client.domain));
  // Counted from the start: a client's counts are written, never read into being.
  await recountUsers(deps, [client.id]);
  try {
    // Every role it will have is made with its name's claim (Client.roleNamesClaimed).
    await putItem(deps, { ...keys.client(client.id), ...client, roleNamesClaimed: true }, { ifAbsent: true });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const held = await getClient(deps, client.id);
    if (!held?.makingRoles || held.archivedAt) throw new ConflictError(domainTaken(client.domain), 'ALREADY_TAKEN');
  }
}

/** The client's standard roles are made: it is whole. */
export const rolesMade = (deps: Store, clientId: number) =>
  updateIf(deps, keys.client(clientId), {
    set: 'REMOVE makingRoles',
    when: 'makingRoles = :yes',
    values: { ':yes': true },
  });

/**
 * Renames the client and moves it to `domain`: the new domain is claimed first (409 when taken, and then
 * nothing changes); the old claim stays, retired, so the old domain is never reused. A move is made only from the
 * domain read: another move that came first makes it 409 CLIENT_CHANGED, its claim given back.
 */
export async function editClient(deps: Store, client: Client, changes: Partial<Pick<Client, 'name' | 'domain'>>) {
  const given = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (!given.length) return client;
  const moving = changes.domain !== undefined && changes.domain !== client.domain;
  if (moving)
    await claim(deps, keys.domainClaim(changes.domain!), { clientId: client.id }, domainTaken(changes.domain!));
  let edited: Client;
  try {
    // Only the fields given: an invite-only switch, or a rename another administrator made meanwhile, stays.
    edited = await setFields<Client>(deps, keys.client(client.id), Object.fromEntries(given), {
      when: moving ? `${liveItem} AND #domain = :read` : liveItem,
      ...(moving && { names: { '#domain': 'domain' }, values: { ':read': client.domain } }),
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Deleted or moved meanwhile: the domain it was moving to never named it (unless another move got there first),
    // and is free again.
    const now = await getClient(deps, client.id);
    if (moving && now?.domain !== changes.domain)
      await deleteIf(deps, keys.domainClaim(changes.domain!), {
        when: 'clientId = :id AND attribute_not_exists(retired)',
        values: { ':id': client.id },
      });
    if (!now || now.archivedAt) throw new NotFoundError(`There is no client ${client.id}`, 'UNKNOWN_CLIENT');
    if (now.domain !== changes.domain) throw movedMeanwhile(now.domain);
    // The same move landed first (asked twice at once): done, with this edit's name too.
    edited =
      changes.name === undefined
        ? now
        : await setFields<Client>(deps, keys.client(client.id), { name: changes.name }, { when: liveItem });
  }
  if (moving)
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.domainClaim(client.domain),
        UpdateExpression: 'SET retired = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  return edited;
}

/** Sets one of the client's settings (invite-only sign-up, the reminders' hours); 404 when the client is gone. */
export async function setClientSetting<K extends 'inviteOnly' | 'reminderHours'>(
  deps: Store,
  clientId: number,
  name: K,
  value: NonNullable<Client[K]>,
): Promise<void> {
  const set = await updateIf(deps, keys.client(clientId), {
    set: 'SET #setting = :value',
    when: liveItem,
    values: { ':value': value },
    names: { '#setting': name },
  });
  if (!set) throw new NotFoundError(`There is no client ${clientId}`, 'UNKNOWN_CLIENT');
}

/** Records whether every live role of the client holds its name's claim (Client.roleNamesClaimed). */
export const markRoleNamesClaimed = (deps: Store, clientId: number, claimed = true): Promise<boolean> =>
  updateIf(deps, keys.client(clientId), {
    set: 'SET roleNamesClaimed = :claimed',
    when: 'attribute_exists(PK)',
    values: { ':claimed': claimed },
  });

/** Archives the client; false when there is no such client or it was archived already. */
export const archiveClient = (deps: Store, clientId: number, at: Date): Promise<boolean> =>
  updateIf(deps, keys.client(clientId), {
    set: 'SET archivedAt = :at',
    when: liveItem,
    values: { ':at': at.toISOString() },
  });

async function claim(
  deps: Store,
  key: { PK: string; SK: string },
  value: Record<string, unknown>,
  takenMessage: string,
) {
  try {
    await putItem(deps, { ...key, ...value }, { ifAbsent: true });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(takenMessage, 'ALREADY_TAKEN');
    throw error;
  }
}
