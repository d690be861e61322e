// The client a public request speaks to: the domain it names, else its host (docs/rules.md, Tenant domain).
import type { Client } from '#domain/auth/user.ts';
import { NotFoundError } from '#domain/errors.ts';
import { tenantDomainOf } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../adapters/deps.ts';
import { findClientByDomain } from '../store/accounts.ts';
import type { RequestContext } from './request.ts';

export async function requestClient(
  deps: Deps,
  request: Pick<RequestContext, 'host'>,
  domain: string | undefined,
): Promise<Client> {
  const name = tenantDomainOf({ domain, host: request.host });
  const client = await findClientByDomain(deps, name);
  if (!client) throw new NotFoundError(`There is no client with the domain '${name}'`, 'UNKNOWN_CLIENT');
  return client;
}
