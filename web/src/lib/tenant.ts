// A tenant's domain (docs/rules.md, Tenant domain) is the first label of the host (acme.example.com → acme,
// acme.localhost → acme); a bare localhost or an IP address has no label to use, so it is the demo tenant.
const localTenant = 'demo';

const isIpAddress = (host: string) => host.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);

export function tenantDomain(hostname: string = window.location.hostname): string {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || isIpAddress(host)) return localTenant;
  return host.split('.')[0] || localTenant;
}
