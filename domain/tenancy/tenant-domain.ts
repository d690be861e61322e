// Which client a public request speaks to (docs/rules.md, Tenant domain): the domain it names, else the first label
// of its host; a bare localhost or IP address is the demo tenant.
import { ValidationError } from '../errors.ts';

export const demoDomain = 'demo';
export const systemDomain = 'admin';
/** Never a client's domain: the system client's, and the names a deployment keeps for itself. */
export const reservedDomains: readonly string[] = [systemDomain, 'www', 'api'];

const labelPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ipPattern = /^(\d{1,3}\.){3}\d{1,3}$|^\[?[0-9a-f:]+\]?$/i;

export function normaliseDomain(domain: string): string {
  const value = domain.trim().toLowerCase();
  if (!labelPattern.test(value)) throw new ValidationError(`'${domain}' is not a valid client domain`);
  return value;
}

export function domainOfHost(host: string | undefined): string {
  const name = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');
  if (!name || name === 'localhost' || ipPattern.test(name)) return demoDomain;
  return normaliseDomain(name.split('.')[0] ?? '');
}

export function tenantDomainOf(request: { domain?: string | undefined; host?: string | undefined }): string {
  return request.domain?.trim() ? normaliseDomain(request.domain) : domainOfHost(request.host);
}
