/**
 * How long browsers keep the site's files, the same from CloudFront (infra/aws/web-stack.ts) as from the local server
 * (infra/local/api-server.ts): Vite names what it writes under assets/ by its content, so those never change;
 * index.html and the rest are revalidated.
 */
export const siteCaching = {
  hashedDir: 'assets',
  hashed: 'public, max-age=31536000, immutable',
  unhashed: 'no-cache',
} as const;
