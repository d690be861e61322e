// Where a tenant's web app lives, for links in mails (docs/rules.md, Password reset). Only configuration decides,
// never the request's Host or X-Forwarded-* headers, which whoever sends the request can forge.
import { demoDomain } from '#domain/tenancy/tenant-domain.ts';

/**
 * `https://{domain}.{PUBLIC_BASE_DOMAIN}` in AWS; locally PUBLIC_BASE_URL (the local stack's own URL) for the demo
 * tenant and `{domain}.` before its host for the others.
 */
export function siteUrlOf(domain: string, env: NodeJS.ProcessEnv): string {
  if (env.PUBLIC_BASE_DOMAIN) return `https://${domain}.${env.PUBLIC_BASE_DOMAIN}`;
  if (!env.PUBLIC_BASE_URL) throw new Error('Set PUBLIC_BASE_DOMAIN or PUBLIC_BASE_URL: mails need the site address');
  const url = new URL(env.PUBLIC_BASE_URL);
  if (domain !== demoDomain) url.hostname = `${domain}.${url.hostname}`;
  return url.origin;
}
