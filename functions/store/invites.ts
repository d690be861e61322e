// A client's invite links in the state table (docs/rules.md, Invites): under the client's partition, found by the
// hash of their code through GSI1. A use is one conditional update, so a link allows no more sign-ups than it says.
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import { type Invite, inviteRefusal, mayStillWork } from '#domain/tenancy/invites.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, liveItem, putItem, queryAll, updateIf } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const unknownInvite = (id: number) => new NotFoundError(`There is no invite link ${id}`, 'UNKNOWN_INVITE');

const keyOf = (invite: Pick<Invite, 'clientId' | 'id'>) => keys.invite(invite.clientId, invite.id);

/**
 * The client's links that still let someone join at `now` (not withdrawn, expired or used up), newest first. Read
 * newest first (ids grow with time) only as far back as a link may still work, whatever the client made before.
 */
export const listInvites = async (deps: Store, clientId: number, now: Date) =>
  (
    await queryAll<Invite>(deps, keys.clientPartition(clientId), {
      skPrefix: keys.invitePrefix,
      descending: true,
      while: (invite) => mayStillWork(invite.createdAt as string, now),
    })
  ).filter((invite) => inviteRefusal(invite, clientId, now) === undefined);

/**
 * Its id drawn for it, a link already there is an earlier attempt's of the same change (functions/http/request-key.ts),
 * whose code nobody was given: this one's code replaces it, as long as nobody signed up with it (409 otherwise: the
 * list showed it meanwhile, and an administrator withdrew it, or it was shared from there).
 */
export async function addInvite(deps: Store, invite: Invite): Promise<void> {
  try {
    await putItem(
      deps,
      { ...keyOf(invite), ...keys.inviteCode(invite.codeHash), ...invite },
      {
        when: `attribute_not_exists(PK) OR (${liveItem} AND uses = :none)`,
        values: { ':none': 0 },
      },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new ConflictError(
      'This link was made by an earlier try and has been used or withdrawn since: make a new one',
      'INVITE_CHANGED',
    );
  }
}

/** The link a code's hash names, read consistently once the index found it. */
export async function findInvite(deps: Store, codeHash: string): Promise<Invite | undefined> {
  const [indexed] = await queryAll<Invite>(deps, keys.inviteCode(codeHash).GSI1PK, { index: 'GSI1', limit: 1 });
  return indexed ? getItem<Invite>(deps, keyOf(indexed)) : undefined;
}

/** A link of the client by id, withdrawn ones too. */
export const getInvite = (deps: Store, clientId: number, id: number) => getItem<Invite>(deps, keyOf({ clientId, id }));

/** Counts one sign-up on the link unless it was withdrawn, expired or used up meanwhile: false then. */
export const useInvite = (deps: Store, invite: Invite, now: Date) =>
  updateIf(deps, keyOf(invite), {
    set: 'SET uses = uses + :one',
    when: `${liveItem} AND expiresAt > :now AND (maxUses = :unlimited OR uses < maxUses)`,
    values: { ':one': 1, ':now': now.toISOString(), ':unlimited': null },
  });

/** Gives a use back: the sign-up it was counted for did not happen. */
export const returnInviteUse = (deps: Store, invite: Invite) =>
  updateIf(deps, keyOf(invite), {
    set: 'SET uses = uses - :one',
    when: 'uses > :none',
    values: { ':one': 1, ':none': 0 },
  });

/** Withdraws the link: it stops working at once and leaves the list (the record stays). */
export async function archiveInvite(deps: Store, invite: Invite, at: Date): Promise<void> {
  const withdrawn = await updateIf(deps, keyOf(invite), {
    set: 'SET archivedAt = :at',
    when: liveItem,
    values: { ':at': at.toISOString() },
  });
  if (!withdrawn) throw unknownInvite(invite.id);
}
