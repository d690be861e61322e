// Clients, users, roles and their uniqueness claims in the state table.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { standardRoles } from '#domain/auth/standard-roles.ts';
import { type Client, type Role, RoleType, type User, UserStatus } from '#domain/auth/user.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import { type AddressFailures, forgetAfterMs, loginWindowMs, windowOf } from '#domain/auth/sign-in-throttle.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, type Key, putItem, queryAll, withoutKeys } from './state-table.ts';
import { putDirectoryRow } from './user-directory.ts';

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

/** Claims the domain first: a domain is never used twice, not even after its client is deleted. */
export async function createClient(deps: Store, client: Client): Promise<void> {
  await claim(deps, keys.domainClaim(client.domain), { clientId: client.id }, domainTaken(client.domain));
  await putItem(deps, { ...keys.client(client.id), ...client });
}

/** A client's two standard roles (docs/rules.md, Clients), so sign-up works at once. */
export async function createStandardRoles(deps: Pick<Deps, 'db' | 'tables' | 'ids'>, clientId: number) {
  const roles: Role[] = [];
  for (const { name, permissions } of standardRoles) {
    const role: Role = { id: await deps.ids.next('role'), name, clientId, roleType: RoleType.System, permissions };
    await putRole(deps, role);
    roles.push(role);
  }
  return roles;
}

/**
 * Renames the client and moves it to `domain`: the new domain is claimed first (409 when taken, and then
 * nothing changes); the old claim stays, retired, so the old domain is never reused.
 */
export async function editClient(deps: Store, client: Client, changes: Pick<Client, 'name' | 'domain'>) {
  const moving = changes.domain !== client.domain;
  if (moving) await claim(deps, keys.domainClaim(changes.domain), { clientId: client.id }, domainTaken(changes.domain));
  const edited = { ...client, ...changes };
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.state,
        Item: { ...keys.client(client.id), ...edited },
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(`There is no client ${client.id}`, 'UNKNOWN_CLIENT');
    throw error;
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

/** Archives the client; false when there is no such client or it was archived already. */
export async function archiveClient(deps: Store, clientId: number, at: Date): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.client(clientId),
        UpdateExpression: 'SET archivedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archivedAt)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export const getUser = (deps: Store, clientId: number, userId: number) =>
  getItem<User>(deps, keys.user(clientId, userId));

const userNotFound = () => new NotFoundError('User not found', 'UNKNOWN_USER');

/** Replaces an existing user's record (never creates one, never brings back a deleted one) and its directory row. */
export async function saveUser(deps: Store, user: User): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.state,
        Item: { ...keys.user(user.clientId, user.id), ...user },
        ConditionExpression: user.deletedAt
          ? 'attribute_exists(PK)'
          : 'attribute_exists(PK) AND attribute_not_exists(deletedAt)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw userNotFound();
    throw error;
  }
  await putDirectoryRow(deps, user);
}

/**
 * Deletes the user by archiving: not active, marked deleted, every session ended; the login claim, the picks
 * and the results stay. 404 when there is no such user or they were deleted already.
 */
export async function archiveUser(deps: Store, clientId: number, userId: number, at: Date): Promise<User> {
  let archived: User;
  try {
    const answer = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.user(clientId, userId),
        UpdateExpression: 'SET #status = :notActive, deletedAt = :at ADD tokenVersion :one',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':notActive': UserStatus.NotActive, ':at': at.toISOString(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    archived = withoutKeys<User>(answer.Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw userNotFound();
    throw error;
  }
  await putDirectoryRow(deps, archived);
  return archived;
}

/** Sets a new password and ends every session signed in with the old one; answers the new token version. */
export async function setPasswordHash(deps: Store, user: User, passwordHash: string): Promise<number> {
  const answer = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.user(user.clientId, user.id),
      UpdateExpression: 'SET passwordHash = :hash ADD tokenVersion :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return answer.Attributes!.tokenVersion as number;
}

/** The same password hashed at the current cost; sessions stay, and a concurrent password change wins. */
export async function upgradePasswordHash(deps: Store, user: User, passwordHash: string): Promise<void> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.user(user.clientId, user.id),
        UpdateExpression: 'SET passwordHash = :hash',
        ConditionExpression: 'passwordHash = :old',
        ExpressionAttributeValues: { ':hash': passwordHash, ':old': user.passwordHash },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Ends every session of the user: tokens carry the version they were issued at (docs/rules.md, Session). */
export async function bumpTokenVersion(deps: Store, clientId: number, userId: number): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.user(clientId, userId),
      UpdateExpression: 'ADD tokenVersion :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

export const listUsers = (deps: Store, clientId: number) =>
  queryAll<User>(deps, keys.clientPartition(clientId), { skPrefix: keys.userPrefix });

export const getRole = (deps: Store, roleId: number) => getItem<Role>(deps, keys.role(roleId));
export const listAllRoles = (deps: Store) => queryAll<Role>(deps, keys.rolesPartition);
export const putRole = (deps: Store, role: Role) => putItem(deps, { ...keys.role(role.id), ...role });

export interface Attempt {
  clientId: number;
  login: string;
  address: string;
}

const epochSeconds = (instant: number) => Math.ceil(instant / 1000);
const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * Counts a password attempt from the address atomically, before the password is checked, so concurrent
 * attempts each see the ones before them; answers the counter as it was before this attempt.
 */
export async function countAddressAttempt(deps: Store, attempt: Attempt, now: Date) {
  const answer = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.addressThrottle(attempt.clientId, attempt.login, attempt.address),
      UpdateExpression: 'ADD failures :one SET lastFailureAt = :now, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':now': now.toISOString(),
        ':ttl': epochSeconds(now.getTime() + forgetAfterMs),
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = answer.Attributes;
  return before?.failures
    ? ({ failures: before.failures, lastFailureAt: before.lastFailureAt } as AddressFailures)
    : undefined;
}

/** Takes back a refused attempt, unless another was counted meanwhile (the counter then stays the higher). */
export async function uncountAddressAttempt(deps: Store, attempt: Attempt, before: AddressFailures | undefined) {
  const Key = keys.addressThrottle(attempt.clientId, attempt.login, attempt.address);
  try {
    await deps.db.send(
      before
        ? new UpdateCommand({
            TableName: deps.tables.state,
            Key,
            UpdateExpression: 'SET failures = :before, lastFailureAt = :at',
            ConditionExpression: 'failures = :after',
            ExpressionAttributeValues: {
              ':before': before.failures,
              ':at': before.lastFailureAt,
              ':after': before.failures + 1,
            },
          })
        : new DeleteCommand({
            TableName: deps.tables.state,
            Key,
            ConditionExpression: 'failures = :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export const clearAddressFailures = (deps: Store, attempt: Attempt) =>
  deps.db.send(
    new DeleteCommand({
      TableName: deps.tables.state,
      Key: keys.addressThrottle(attempt.clientId, attempt.login, attempt.address),
    }),
  );

/** Adds to the login's failures of the current window (from all addresses) atomically; answers the new count. */
export async function addLoginFailures(deps: Store, attempt: Attempt, now: Date, delta: 1 | -1): Promise<number> {
  const window = windowOf(now, loginWindowMs);
  const answer = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.loginThrottle(attempt.clientId, attempt.login, window.index),
      UpdateExpression: 'ADD failures :delta SET #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':delta': delta, ':ttl': epochSeconds(window.endsAt.getTime()) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return answer.Attributes!.failures as number;
}

/** Adds one to a counter that lives for one window (it expires with it); answers how many the window holds now. */
async function countInWindow(deps: Store, key: Key, window: { endsAt: Date }): Promise<number> {
  const answer = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: key,
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': epochSeconds(window.endsAt.getTime()) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return answer.Attributes!.count as number;
}

/** Counts a reset mail for the login in the window; answers how many the window holds now. */
export const countResetMail = (deps: Store, clientId: number, login: string, window: { index: number; endsAt: Date }) =>
  countInWindow(deps, keys.resetMails(clientId, login, window.index), window);

/** Counts a question to the client's login directory from the address in the window (docs/rules.md, Login approval). */
export const countLoginCheck = (
  deps: Store,
  clientId: number,
  address: string,
  window: { index: number; endsAt: Date },
) => countInWindow(deps, keys.loginChecks(clientId, address, window.index), window);

export interface ResetToken {
  clientId: number;
  userId: number;
  expiresAt: string;
}

/** Stores the token and makes it the user's only valid one: any older link is void from now on. */
export async function putResetToken(deps: Store, tokenHash: string, token: ResetToken): Promise<void> {
  const ttl = epochSeconds(Date.parse(token.expiresAt));
  await putItem(deps, { ...keys.resetToken(tokenHash), ...token, ttl });
  await putItem(deps, { ...keys.latestResetToken(token.clientId, token.userId), tokenHash, ttl });
}

/** Deletes the token and returns it, exactly once and only while it is the user's latest: a second use finds nothing. */
export async function consumeResetToken(deps: Store, tokenHash: string): Promise<ResetToken | undefined> {
  let token: ResetToken | undefined;
  try {
    const answer = await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: keys.resetToken(tokenHash),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    token = answer.Attributes as ResetToken | undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
  if (!token) return undefined;
  const latest = await getItem<{ tokenHash: string }>(deps, keys.latestResetToken(token.clientId, token.userId));
  return latest?.tokenHash === tokenHash ? token : undefined;
}

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
