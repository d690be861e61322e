// The client a public request speaks to: the domain it names, else its host (docs/rules.md, Tenant domain).
import type { Client } from '#domain/auth/user.ts';
import { NotFoundError } from '#domain/errors.ts';
import { tenantDomainOf } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../adapters/deps.ts';
import { findClientByDomain } from '../store/clients.ts';
import type { RequestContext } from './request.ts';

/** What a member of a deleted client is told when signing in or calling with an older token. */
export const clientClosedMessage = "This client's pool has been closed";

const unknownClient = (domain: string) =>
  new NotFoundError(`There is no client with the domain '${domain}'`, 'UNKNOWN_CLIENT');

/** The client of the request, deleted ones too (sign-in tells their members why they cannot enter). */
export async function requestTenant(
  deps: Deps,
  request: Pick<RequestContext, 'host'>,
  domain: string | undefined,
): Promise<Client> {
  const name = tenantDomainOf({ domain, host: request.host });
  const client = await findClientByDomain(deps, name);
  if (!client) throw unknownClient(name);
  return client;
}

/** The client of the request; a deleted client is refused like an unknown one (docs/rules.md, Clients). */
export async function requestClient(
  deps: Deps,
  request: Pick<RequestContext, 'host'>,
  domain: string | undefined,
): Promise<Client> {
  const client = await requestTenant(deps, request, domain);
  if (client.archivedAt) throw unknownClient(client.domain);
  return client;
}
