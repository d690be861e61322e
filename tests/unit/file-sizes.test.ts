// No source or test file over 300 lines (issue 58): a module is split by responsibility and a test file by the rules
// it proves, each file small enough to read whole. Counted over every .ts and .tsx file of functions/, domain/,
// web/src/, infra/, scripts/, bench/ and tests/; not over deliberate lint violations (tests/fixtures) nor generated
// output (git-ignored folders; docs/openapi-types.d.ts lies outside these folders).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const maxLines = 300;
const folders = ['functions', 'domain', 'web/src', 'infra', 'scripts', 'bench', 'tests'];
const notCounted =
  /^(tests\/fixtures|tests\/e2e\/artifacts|bench\/results|bench\/scratch-[^/]*)(\/|$)|(^|\/)node_modules(\/|$)/;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (notCounted.test(path)) return [];
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const sizes = folders
  .flatMap(sources)
  .map((path) => ({ path, lines: lineCount(readFileSync(join(root, path), 'utf8')) }));

describe('file sizes', () => {
  it(`no source or test file has more than ${maxLines} lines`, () => {
    expect(sizes.length).toBeGreaterThan(100);
    expect(sizes.map(({ path }) => path)).toContain(relative(root, fileURLToPath(import.meta.url)));
    const offenders = sizes.filter(({ lines }) => lines > maxLines).map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(offenders).toEqual([]);
  });
});
