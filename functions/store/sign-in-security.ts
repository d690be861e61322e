// Sign-in security in the state table: password attempt throttles, windowed counters (reset mails, login
// checks) and password reset tokens. Every counter expires with its window (ttl).
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AddressFailures, forgetAfterMs, loginWindowMs, windowOf } from '#domain/auth/sign-in-throttle.ts';
import { resetRetryMs } from '#domain/auth/password-reset.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { deleteIf, deleteItem, getItem, isConditionFailure, type Key, putItem, updateIf } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export interface Attempt {
  clientId: number;
  login: string;
  address: string;
}

const epochSeconds = (instant: number) => Math.ceil(instant / 1000);

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

/** Adds to a window's failures atomically; answers the new count. */
async function addWindowFailures(deps: Store, key: (window: number) => Key, now: Date, delta: 1 | -1) {
  const window = windowOf(now, loginWindowMs);
  const answer = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: key(window.index),
      UpdateExpression: 'ADD failures :delta SET #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':delta': delta, ':ttl': epochSeconds(window.endsAt.getTime()) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return answer.Attributes!.failures as number;
}

/** Adds to the login's failures of the current window (from all addresses) atomically; answers the new count. */
export const addLoginFailures = (deps: Store, attempt: Attempt, now: Date, delta: 1 | -1) =>
  addWindowFailures(deps, (window) => keys.loginThrottle(attempt.clientId, attempt.login, window), now, delta);

/** Adds to the address's failures of the current window (of all logins) atomically; answers the new count. */
export const addAddressWindowFailures = (deps: Store, attempt: Attempt, now: Date, delta: 1 | -1) =>
  addWindowFailures(deps, (window) => keys.addressWindowThrottle(attempt.address, window), now, delta);

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

/**
 * Takes the user's slot for an administrator's set-password mail: one conditional write, so of concurrent
 * requests only one takes it. Answers whether it was taken, or when the mail that holds it went.
 */
export async function takeUserLinkSlot(
  deps: Store,
  user: { clientId: number; id: number },
  now: Date,
  intervalMs: number,
): Promise<{ taken: true } | { lastSentAt: string }> {
  const Key = keys.userLinkMail(user.clientId, user.id);
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key,
        UpdateExpression: 'SET sentAt = :now, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(sentAt) OR sentAt <= :since',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':since': new Date(now.getTime() - intervalMs).toISOString(),
          ':ttl': epochSeconds(now.getTime() + intervalMs),
        },
      }),
    );
    return { taken: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const held = await getItem<{ sentAt: string }>(deps, Key);
  return { lastSentAt: held?.sentAt ?? now.toISOString() };
}

/** Gives the slot back after a mail that did not go, unless a later request took it meanwhile. */
export async function releaseUserLinkSlot(deps: Store, user: { clientId: number; id: number }, sentAt: Date) {
  try {
    await deps.db.send(
      new DeleteCommand({
        TableName: deps.tables.state,
        Key: keys.userLinkMail(user.clientId, user.id),
        ConditionExpression: 'sentAt = :at',
        ExpressionAttributeValues: { ':at': sentAt.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export interface ResetToken {
  clientId: number;
  userId: number;
  expiresAt: string;
  /**
   * The new password's hash the link was used for, when, and the hash it replaces: only that reset, asked again soon
   * and while the password is still one of the two, may finish; `retries` counts those asks.
   */
  usedFor?: string;
  usedAt?: string;
  usedOver?: string;
  retries?: number;
}

/** How many times a used link may be asked again (its reset's answer lost): a bound on guesses of its password. */
const resetRetries = 5;

/**
 * Stores the token and makes it the user's only valid one: any older link is void from now on. Answers how to give
 * the older link back while this one is still the latest (its mail was never sent).
 */
export async function putResetToken(deps: Store, tokenHash: string, token: ResetToken): Promise<() => Promise<void>> {
  // Kept past its hour for the retry window: a reset that used it just before may still finish (resetRetryMs).
  const ttl = epochSeconds(Date.parse(token.expiresAt) + resetRetryMs);
  const latest = keys.latestResetToken(token.clientId, token.userId);
  await putItem(deps, { ...keys.resetToken(tokenHash), ...token, ttl });
  // The link it replaces is read in the same write: another sent meanwhile is the one given back, never an older one.
  const replaced = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: latest,
      UpdateExpression: 'SET tokenHash = :hash, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':hash': tokenHash, ':ttl': ttl },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const older = replaced.Attributes as { tokenHash: string; ttl: number } | undefined;
  const stillOurs = { when: 'tokenHash = :ours', values: { ':ours': tokenHash } };
  return async () => {
    if (!older) await deleteIf(deps, latest, stillOurs);
    else
      await updateIf(deps, latest, {
        set: 'SET tokenHash = :older, #ttl = :ttl',
        when: stillOurs.when,
        values: { ...stillOurs.values, ':older': older.tokenHash, ':ttl': older.ttl },
        names: { '#ttl': 'ttl' },
      });
  };
}

/** Voids every link of the user not used yet (a password chosen otherwise: the profile's change). */
export const voidResetLinks = (deps: Store, clientId: number, userId: number) =>
  deleteItem(deps, keys.latestResetToken(clientId, userId));

/** The token while it is stored (until it expires), used or not. */
export const findResetToken = (deps: Store, tokenHash: string) => getItem<ResetToken>(deps, keys.resetToken(tokenHash));

/**
 * Uses the token up for this new password's hash and returns it, exactly once and only while it is the user's
 * latest: a second use finds it used. It stays stored until it expires, so the same reset asked again (its answer
 * lost, or a fault after this) can finish.
 */
export async function useResetToken(
  deps: Store,
  tokenHash: string,
  use: { passwordHash: string; over: string; at: Date },
): Promise<ResetToken | undefined> {
  const passwordHash = use.passwordHash;
  let token: ResetToken | undefined;
  try {
    const answer = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.resetToken(tokenHash),
        UpdateExpression: 'SET usedFor = :hash, usedAt = :at, usedOver = :over',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedFor)',
        ExpressionAttributeValues: { ':hash': passwordHash, ':at': use.at.toISOString(), ':over': use.over },
        ReturnValues: 'ALL_NEW',
      }),
    );
    token = answer.Attributes as ResetToken | undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The SDK's second sending of an update whose answer was lost finds the link used for this very hash.
    const held = await findResetToken(deps, tokenHash);
    token = held?.usedFor === passwordHash ? held : undefined;
  }
  return token && (await isLatestResetToken(deps, tokenHash, token)) ? token : undefined;
}

/** Counts one more ask of a used link; false once it was asked `resetRetries` times. */
export const countResetRetry = (deps: Store, tokenHash: string) =>
  updateIf(deps, keys.resetToken(tokenHash), {
    set: 'SET retries = if_not_exists(retries, :none) + :one',
    when: 'attribute_exists(usedFor) AND (attribute_not_exists(retries) OR retries < :most)',
    values: { ':none': 0, ':one': 1, ':most': resetRetries },
  });

/** Whether the token is still the user's latest link: a newer one voids it. */
export async function isLatestResetToken(deps: Store, tokenHash: string, token: ResetToken): Promise<boolean> {
  const latest = await getItem<{ tokenHash: string }>(deps, keys.latestResetToken(token.clientId, token.userId));
  return latest?.tokenHash === tokenHash;
}
