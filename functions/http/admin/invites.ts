// A client's invite links and its invite-only switch (docs/rules.md, Invites): made, listed and withdrawn within
// the client by whoever may create and modify its users (a holder of client management names the client). A code is
// shown once; only its hash is kept. The list holds the links that still work.
import type { InviteRow } from '#domain/contracts/invites.ts';
import { type Invite, inviteExpiry } from '#domain/tenancy/invites.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getClient, liveClient, setClientSetting } from '../../store/clients.ts';
import { addInvite, archiveInvite, getInvite, listInvites, unknownInvite } from '../../store/invites.ts';
import { hashOfLinkToken } from '../../accounts/password-link.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId, scopedLiveClientId } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';

const row = ({ id, createdAt, expiresAt, maxUses, uses }: Invite): InviteRow => ({
  id,
  createdAt,
  expiresAt,
  maxUses,
  uses,
});

/** The sign-up address carrying a code, at the client's own domain. */
export const inviteUrl = (deps: Pick<Deps, 'siteUrl'>, domain: string, code: string) =>
  `${deps.siteUrl(domain)}/#/sign-up?invite=${encodeURIComponent(code)}`;

export const createInvite: RouteImpl<'createInvite'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.clientId));
  const code = deps.ids.secret();
  const now = deps.clock.now();
  const invite: Invite = {
    id: await deps.ids.next('invite'),
    clientId: client.id,
    codeHash: hashOfLinkToken(code),
    createdAt: now.toISOString(),
    createdBy: caller.user.id,
    expiresAt: inviteExpiry(now, input.expiresInDays),
    maxUses: input.maxUses ?? null,
    uses: 0,
  };
  await addInvite(deps, invite);
  return reply(201, { ...row(invite), code, url: inviteUrl(deps, client.domain, code) });
};

export const inviteList: RouteImpl<'inviteList'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const [invites, client] = await Promise.all([
    listInvites(deps, clientId, deps.clock.now()),
    clientId === caller.client.id ? caller.client : getClient(deps, clientId),
  ]);
  return { inviteOnly: client?.inviteOnly === true, data: invites.map(row) };
};

/**
 * Withdraws a link of the client the request acts on (the caller's, or the one a holder of client management names):
 * a link of another client answers as if it did not exist.
 */
export const deleteInvite: RouteImpl<'deleteInvite'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  const invite = await getInvite(deps, clientId, input.id);
  if (!invite || invite.archivedAt) throw unknownInvite(input.id);
  await archiveInvite(deps, invite, deps.clock.now());
  return { message: 'The invite link has been withdrawn' };
};

export const setInviteOnly: RouteImpl<'setInviteOnly'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  await setClientSetting(deps, clientId, 'inviteOnly', input.inviteOnly);
  return { clientId, inviteOnly: input.inviteOnly };
};
