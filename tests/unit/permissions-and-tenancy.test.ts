import { describe, expect, it } from 'vitest';
import { canActAcrossClients, formatPermissions, holdsAll, parsePermissions } from '#domain/auth/permissions.ts';
import { ValidationError } from '#domain/errors.ts';
import { domainOfHost, tenantDomainOf } from '#domain/tenancy/tenant-domain.ts';

describe('permission strings', () => {
  it('are codes joined by comma and space, sorted and without repeats', () => {
    expect(formatPermissions([18, 4, 8, 4])).toBe('4, 8, 18');
  });

  it('parse back, ignoring codes that are not in the catalogue', () => {
    expect(parsePermissions('4, 8, 18, 99')).toEqual([4, 8, 18]);
  });

  it('a check for several permissions requires all of them', () => {
    expect(holdsAll([4, 8, 18], [4, 18])).toBe(true);
    expect(holdsAll([4, 8], [4, 18])).toBe(false);
    expect(holdsAll([], [])).toBe(true);
  });

  it('only client managers (14, 15, 16) may act across clients', () => {
    expect(canActAcrossClients([1, 2, 3, 24])).toBe(false);
    expect(canActAcrossClients([14])).toBe(true);
  });
});

describe('tenant from the request', () => {
  it('takes the first label of the host', () => {
    expect(domainOfHost('acme.example.com')).toBe('acme');
    expect(domainOfHost('Acme.Example.com:8443')).toBe('acme');
  });

  it('maps localhost and bare IP addresses to the demo tenant, and {domain}.localhost to that domain', () => {
    expect(domainOfHost('localhost:3000')).toBe('demo');
    expect(domainOfHost('127.0.0.1:3000')).toBe('demo');
    expect(domainOfHost('acme.localhost:3000')).toBe('acme');
  });

  it('prefers the domain the request names', () => {
    expect(tenantDomainOf({ domain: 'Rival', host: 'acme.example.com' })).toBe('rival');
    expect(tenantDomainOf({ domain: '  ', host: 'acme.example.com' })).toBe('acme');
  });

  it('refuses a domain that is not a host label', () => {
    expect(() => tenantDomainOf({ domain: 'a/b' })).toThrow(ValidationError);
  });
});
