// The first page load stays small: what a signed-out visitor's browser fetches for sign-in and, once signed in,
// for the dashboard (index.html, the entry's JavaScript and CSS with every chunk it imports, and the sign-in and
// dashboard routes' own chunks should they be split off) is at most 150 kB gzip. Every other page is a lazy
// chunk fetched on first opening. Reads the built app: `npm run build:web` first (npm test does).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const budgetBytes = 150_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const firstLoadRoutes = /\/(routes\/dashboard|routes\/sign-in|session-gate)\.tsx$/;

function firstLoadFiles(manifest: Record<string, ManifestChunk>) {
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry || firstLoadRoutes.test(chunk.src ?? key)) add(key);
  return files;
}

const gzipped = (file: string) => gzipSync(readFileSync(`${dist}${file}`)).byteLength;

describe('the first page load', () => {
  it('sign-in and the dashboard fetch at most 150 kB gzip of HTML, JavaScript and CSS', () => {
    const manifestPath = `${dist}.vite/manifest.json`;
    if (!existsSync(manifestPath)) throw new Error('web/dist has no build manifest: run `npm run build:web` first');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const files = firstLoadFiles(manifest);
    // Everything index.html itself names (entry, preloads, styles) is counted.
    const html = readFileSync(`${dist}index.html`, 'utf8');
    const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(named.filter((file) => !files.has(file))).toEqual([]);

    const bytes = gzipped('index.html') + [...files].reduce((sum, file) => sum + gzipped(file), 0);
    console.info(`first load: ${files.size + 1} files, ${(bytes / 1000).toFixed(1)} kB gzip`);
    expect(bytes).toBeLessThanOrEqual(budgetBytes);
  });

  it('keeps the other pages, the charts and the phone input out of it', () => {
    const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
    const files = firstLoadFiles(manifest);
    const lazy = Object.values(manifest).filter((chunk) =>
      /(leaderboard|picks-page|games-and-odds|management|users-page|phone-input|season-chart)/.test(chunk.src ?? ''),
    );
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.filter((chunk) => files.has(chunk.file)).map((chunk) => chunk.src)).toEqual([]);
  });
});
