// A client's invite links and its invite-only switch (docs/rules.md, Invites): made, listed and withdrawn within
// the client by whoever may create and modify its users. A code is shown once; only its hash is kept.
import type { InviteRow } from '#domain/contracts/invites.ts';
import { type Invite, inviteExpiry } from '#domain/tenancy/invites.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getClient, liveClient, setClientSetting } from '../../store/clients.ts';
import { addInvite, archiveInvite, getInvite, listInvites, unknownInvite } from '../../store/invites.ts';
import { hashOfLinkToken } from '../../accounts/password-link.ts';
import type { RouteImpl } from '../area-api.ts';
import { type Caller, scopedClientId, scopedLiveClientId } from '../auth-guard.ts';
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
    listInvites(deps, clientId),
    clientId === caller.client.id ? caller.client : getClient(deps, clientId),
  ]);
  return { inviteOnly: client?.inviteOnly === true, data: invites.map(row) };
};

/** A link of a client the caller may act on; another client's answers as if it did not exist. */
async function ownInvite(deps: Deps, caller: Caller, id: number) {
  const invite = await getInvite(deps, caller.client.id, id);
  if (!invite || invite.archivedAt) throw unknownInvite(id);
  return invite;
}

export const deleteInvite: RouteImpl<'deleteInvite'> = async ({ input, caller }, deps) => {
  await archiveInvite(deps, await ownInvite(deps, caller, input.id), deps.clock.now());
  return { message: 'The invite link has been withdrawn' };
};

export const setInviteOnly: RouteImpl<'setInviteOnly'> = async ({ input, caller }, deps) => {
  const clientId = await scopedLiveClientId(deps, caller, input.clientId);
  await setClientSetting(deps, clientId, 'inviteOnly', input.inviteOnly);
  return { clientId, inviteOnly: input.inviteOnly };
};
