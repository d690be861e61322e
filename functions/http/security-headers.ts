// The security headers of every answer, page or API, defined once: the API answers and the local
// server send them, and the CloudFront response headers policy is built from them, so they cannot drift.
// Scripts come only from the site's own files (the built index.html has no inline script); styles
// allow 'unsafe-inline' for the style attributes components set.
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const frameOption = 'DENY';
export const referrerPolicy = 'strict-origin-when-cross-origin';
/** The app uses none of the browser's powerful features; a script that got in could not ask for them either. */
export const permissionsPolicy = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'display-capture=()',
].join(', ');

export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': frameOption,
  'referrer-policy': referrerPolicy,
  'permissions-policy': permissionsPolicy,
};

/** Sent only where the site is served over HTTPS (CloudFront in AWS), never by the local http server. */
export const strictTransportSecurity = { maxAgeDays: 730, includeSubdomains: true };
