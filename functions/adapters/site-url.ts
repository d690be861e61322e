// Where a tenant's web app lives, for links in mails (docs/rules.md, Password reset). Only configuration decides,
// never the request's Host or X-Forwarded-* headers, which whoever sends the request can forge.
import { ConflictError } from '#domain/errors.ts';
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Settings } from './settings.ts';

/**
 * `https://{domain}.{PUBLIC_BASE_DOMAIN}` in AWS; locally PUBLIC_BASE_URL (the local stack's own URL) for the demo
 * tenant and `{domain}.` before its host for the others.
 */
export function siteUrlOf(domain: string, env: Settings): string {
  if (env.PUBLIC_BASE_DOMAIN) return `https://${domain}.${env.PUBLIC_BASE_DOMAIN}`;
  // A deployment without a domain has no address to mail: the caller gets a clear refusal, never a 500.
  if (!env.PUBLIC_BASE_URL) {
    throw new ConflictError(
      'Password mails are not set up for this site yet; ask your administrator',
      'SITE_URL_NOT_SET',
    );
  }
  const url = new URL(env.PUBLIC_BASE_URL);
  if (domain !== demoDomain) url.hostname = `${domain}.${url.hostname}`;
  return url.origin;
}
