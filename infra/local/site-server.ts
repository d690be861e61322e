// The built web app as CloudFront serves it locally: the file for a path (index.html for the app's routes),
// hashed assets cached for good and the rest revalidated (site-caching.ts), text compressed with br or gzip once per
// file, 304 on a matching ETag.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { siteCaching } from '../../functions/http/site-caching.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
};

const compressibleType = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;
/** CloudFront compresses files from 1,000 bytes up: below that the headers outweigh the saving. */
const minCompressedBytes = 1000;

type Coding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const deflateGzip = promisify(gzip);
const encoders: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => deflateGzip(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/**
 * Whether Accept-Encoding allows a coding: named with q > 0, or unnamed and `*` with q > 0. (acceptsGzip in
 * functions/http/compression.ts answers the same for gzip alone.)
 */
function accepts(header: string | undefined, coding: Coding): boolean {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.map((param) => /^q\s*=\s*([\d.]+)$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) quality.set(name, q === undefined ? 1 : Number(q));
  }
  return (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
}

const preferredCoding = (header: string | undefined): Coding | undefined =>
  accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;

/** A file of the site as last read, and its compressed forms, each made on the first request for it. */
interface SiteFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Coding, Promise<Buffer>>>;
}

/** The request's path decoded, or undefined when it is not a valid URL or percent-encoding. */
export function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
}

async function isFile(file: string) {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** The file a path names inside the web root; a client route (no file extension) is the SPA's index.html. */
async function located(webRoot: string, path: string): Promise<string | undefined> {
  const file = normalize(join(webRoot, path === '/' ? '/index.html' : path));
  if (!file.startsWith(webRoot + sep)) return undefined;
  if (await isFile(file)) return file;
  const index = join(webRoot, 'index.html');
  return !extname(path) && (await isFile(index)) ? index : undefined;
}

const etagMatches = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/**
 * The site's files as last read, by absolute path, for every server of this process: a file read again only when it
 * changed on disk (`npm start` builds the web app while it runs), compressed once per coding. Brotli's best
 * quality takes most of a second on the main chunk, which each test stack would otherwise pay again.
 */
const siteFiles = new Map<string, SiteFile>();

async function siteFile(file: string): Promise<SiteFile> {
  const { mtimeMs, size } = await stat(file);
  const known = siteFiles.get(file);
  if (known?.mtimeMs === mtimeMs && known.size === size) return known;
  const body = await readFile(file);
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const fresh: SiteFile = { mtimeMs, size, body, etag, encoded: {} };
  siteFiles.set(file, fresh);
  return fresh;
}

function encoded(read: SiteFile, coding: Coding): Promise<Buffer> {
  read.encoded[coding] ??= encoders[coding](read.body);
  return read.encoded[coding];
}

/** A file's headers but its type and length: how long it is kept, its ETag, and Vary where it is compressed. */
function cachingHeaders(webRoot: string, file: string, read: SiteFile, compressible: boolean) {
  const hashed = relative(webRoot, file).startsWith(siteCaching.hashedDir + sep);
  return {
    'cache-control': hashed ? siteCaching.hashed : siteCaching.unhashed,
    etag: read.etag,
    ...(compressible && { vary: 'accept-encoding' }),
  };
}

/** The built web app, as CloudFront serves it: hashed assets kept a year, the rest revalidated, text compressed. */
export async function serveSite(webRoot: string, req: IncomingMessage, res: ServerResponse, path: string) {
  const file = await located(webRoot, path);
  // A rebuild may delete the file between the two looks.
  const read = file && (await siteFile(file).catch(() => void siteFiles.delete(file)));
  if (!file || !read) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end(existsSync(webRoot) ? 'Not found' : 'The web app is not built yet: run npm run build:web');
  }
  const type = contentTypes[extname(file)] ?? 'application/octet-stream';
  const compressible = compressibleType.test(type) && read.size >= minCompressedBytes;
  const headers = cachingHeaders(webRoot, file, read, compressible);
  if (etagMatches(req.headers['if-none-match'], read.etag)) {
    res.writeHead(304, headers);
    return res.end();
  }
  const coding = compressible ? preferredCoding(req.headers['accept-encoding']) : undefined;
  const body = coding ? await encoded(read, coding) : read.body;
  res.writeHead(200, {
    ...headers,
    'content-type': type,
    'content-length': body.length,
    ...(coding && { 'content-encoding': coding }),
  });
  res.end(body);
}
