// Clients, users, roles and their uniqueness claims in the state table.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Client, Role, User } from '#domain/auth/user.ts';
import { ConflictError } from '#domain/errors.ts';
import type { ThrottleState } from '#domain/auth/sign-in-throttle.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, putItem, queryAll } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const getClient = (deps: Store, clientId: number) => getItem<Client>(deps, keys.client(clientId));

export async function findClientByDomain(deps: Store, domain: string): Promise<Client | undefined> {
  const claim = await getItem<{ clientId: number }>(deps, keys.domainClaim(domain));
  return claim ? getClient(deps, claim.clientId) : undefined;
}

export async function createClient(deps: Store, client: Client): Promise<void> {
  await claim(
    deps,
    keys.domainClaim(client.domain),
    { clientId: client.id },
    `The domain '${client.domain}' is already used by another client`,
  );
  await putItem(deps, { ...keys.client(client.id), ...client });
}

export const getUser = (deps: Store, clientId: number, userId: number) =>
  getItem<User>(deps, keys.user(clientId, userId));

export async function findUserByLogin(deps: Store, clientId: number, login: string): Promise<User | undefined> {
  const found = await getItem<{ userId: number }>(deps, keys.loginClaim(clientId, login));
  return found ? getUser(deps, clientId, found.userId) : undefined;
}

export const loginIsTaken = async (deps: Store, clientId: number, login: string) =>
  (await getItem(deps, keys.loginClaim(clientId, login))) !== undefined;

/** Claims the login within its client first, so two sign-ups of one login cannot both succeed. */
export async function createUser(deps: Store, user: User): Promise<void> {
  await claim(
    deps,
    keys.loginClaim(user.clientId, user.login),
    { userId: user.id },
    `The login '${user.login}' is already taken`,
  );
  await putItem(deps, { ...keys.user(user.clientId, user.id), ...user });
}

/** Replaces an existing user's record; never creates one. */
export async function saveUser(deps: Store, user: User): Promise<void> {
  await deps.db.send(
    new PutCommand({
      TableName: deps.tables.state,
      Item: { ...keys.user(user.clientId, user.id), ...user },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

export async function setPasswordHash(deps: Store, user: User, passwordHash: string): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: keys.user(user.clientId, user.id),
      UpdateExpression: 'SET passwordHash = :hash',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': passwordHash },
    }),
  );
}

export const listUsers = (deps: Store, clientId: number) =>
  queryAll<User>(deps, keys.client(clientId).PK, { skPrefix: keys.userPrefix });

export const getRole = (deps: Store, roleId: number) => getItem<Role>(deps, keys.role(roleId));
export const listAllRoles = (deps: Store) => queryAll<Role>(deps, keys.rolesPartition);
export const putRole = (deps: Store, role: Role) => putItem(deps, { ...keys.role(role.id), ...role });

export const getThrottle = async (deps: Store, clientId: number, login: string): Promise<ThrottleState> =>
  (await getItem<ThrottleState>(deps, keys.throttle(clientId, login))) ?? { failures: [] };

export const putThrottle = (deps: Store, clientId: number, login: string, state: ThrottleState) =>
  putItem(deps, { ...keys.throttle(clientId, login), ...state });

export interface ResetToken {
  clientId: number;
  userId: number;
  expiresAt: string;
}

export const putResetToken = (deps: Store, tokenHash: string, token: ResetToken) =>
  putItem(deps, { ...keys.resetToken(tokenHash), ...token, ttl: Math.ceil(Date.parse(token.expiresAt) / 1000) });

/** Deletes the token and returns it, exactly once: a second use finds nothing. */
export async function consumeResetToken(deps: Store, tokenHash: string): Promise<ResetToken | undefined> {
  try {
    const answer = await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: keys.resetToken(tokenHash),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    return answer.Attributes as ResetToken | undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
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
    if (error instanceof ConditionalCheckFailedException) throw new ConflictError(takenMessage, 'ALREADY_TAKEN');
    throw error;
  }
}
