import { describe, expect, it } from 'vitest';
import { ConflictError } from '#domain/errors.ts';
import { siteUrlOf } from '../../functions/adapters/site-url.ts';

describe('the site address in mailed links comes from configuration only', () => {
  it('is the tenant subdomain of the base domain in AWS', () => {
    expect(siteUrlOf('acme', { PUBLIC_BASE_DOMAIN: 'pickem.example.com' })).toBe('https://acme.pickem.example.com');
  });

  it('is the local URL for the demo tenant and its subdomain for the others', () => {
    expect(siteUrlOf('demo', { PUBLIC_BASE_URL: 'http://localhost:3000' })).toBe('http://localhost:3000');
    expect(siteUrlOf('admin', { PUBLIC_BASE_URL: 'http://localhost:3000' })).toBe('http://admin.localhost:3000');
  });

  it('refuses clearly (409, not a 500) when a deployment has no address configured', () => {
    expect(() => siteUrlOf('acme', {})).toThrow(ConflictError);
  });
});
