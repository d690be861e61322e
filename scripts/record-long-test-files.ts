// Writes tests/support/long-test-files.json from vitest's cache of its last run: each file that took 10 s or more, in
// whole seconds, longest first. Run it after a whole `npx vitest run` on a quiet machine; a fresh clone's run starts
// its files in that order (tests/support/longest-first-sequencer.ts).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const cacheDir = 'node_modules/.vite/vitest';
const cacheFile = (existsSync(cacheDir) ? readdirSync(cacheDir) : [])
  .map((dir) => join(cacheDir, dir, 'results.json'))
  .find(existsSync);
if (!cacheFile) throw new Error('No vitest cache: run npx vitest run first');
const { results } = JSON.parse(readFileSync(cacheFile, 'utf8')) as { results: [string, { duration: number }][] };
const long = results
  .map(([key, { duration }]) => [key.slice(key.indexOf(':') + 1), Math.round(duration / 1000)] as const)
  // The cache keeps the files a run no longer has.
  .filter(([file, seconds]) => seconds >= 10 && existsSync(file))
  .sort((a, b) => b[1] - a[1]);
writeFileSync('tests/support/long-test-files.json', `${JSON.stringify(Object.fromEntries(long), null, 2)}\n`);
console.log(`recorded ${long.length} files of 10 s or more`);
