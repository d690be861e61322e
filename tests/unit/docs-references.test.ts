// The docs cite the code by path and by exported name; this test holds those citations to the tree.
//
// What is checked, in README.md and docs/*.md (outside fenced code blocks; the generated OpenAPI files are not docs):
// - Links `[text](target)` that are not URLs or bare anchors: the target (less its #anchor) exists, resolved from
//   the doc's folder, as Markdown resolves it.
// - Backticked paths: a token of path characters with a `/` in it that ends in a known extension (`store/keys.ts`)
//   or is a folder (ends in `/` with two segments or more, or starts with a top-level folder of the repo:
//   `infra/local`). It exists when found from the repo root, the doc's folder or one of the roots docs write paths
//   relative to (functions/, domain/, web/src/, infra/, tests/). A lone segment (`http/`), a pattern (`*-api.ts`,
//   `features/<name>/`), a route (`/Services/...`) and generated output (.data, cdk.out, web/dist) are not checked.
// - Exported names cited with a path: `` `name` in `path` `` (or `of`), `` `name` (`path` ``, `` `path` `name` ``
//   and `` `path` (`name`, `name` `` (or a comma for the parenthesis). The path's source must export the name (the
//   part before a dot: `keys` for `keys.migration`). Names cited without a path are not checked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs')).flatMap((file) => (file.endsWith('.md') ? [`docs/${file}`] : [])),
];

const relativeRoots = ['functions', 'domain', 'web/src', 'infra', 'tests'];
const generated = /^(\.data|cdk\.out|web\/dist|node_modules)(\/|$)/;
const extensions = /\.(ts|tsx|js|cjs|mjs|json|md|css|html|ya?ml|sh|svg|png)$/;
const sources = /\.(ts|tsx|js|mjs)$/;
const topFolders = new Set(
  readdirSync(root, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : [])),
);

const pathToken = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;
const nameToken = /^[A-Za-z_$][\w$]*(\.[\w$]+)*(\(\))?$/;
// The pairs of a name and a path, matched as lookaheads so that no token is taken from the next pair.
const citedName = '`(?<name>[A-Za-z_$][\\w$.]*(?:\\(\\))?)`';
const citedPath = '`(?<path>[\\w.@-]+(?:/[\\w.@-]+)+/?)`';
const citedNames = '(?<names>`[^`\\n]+`(?:,\\s*`[^`\\n]+`)*)';
const pairs = [
  `${citedName}(?=\\s+(?:in|of)\\s+${citedPath})`,
  `${citedName}(?=\\s+\\(${citedPath})`,
  `${citedPath}(?=\\s+${citedName})`,
  `${citedPath}(?=\\s*[(,]\\s*${citedNames})`,
].map((pattern) => new RegExp(pattern, 'g'));

/** A backticked token the rule above treats as a path, or undefined. */
function asPath(token: string): string | undefined {
  if (!pathToken.test(token) || !token.includes('/') || generated.test(token)) return;
  const segments = token.replace(/\/$/, '').split('/');
  if (extensions.test(token)) return token;
  if (token.endsWith('/') && segments.length >= 2) return token;
  if (topFolders.has(segments[0]!)) return token;
  return undefined;
}

/** The repo-relative file or folder a backticked path names, or undefined when none exists. */
function resolveToken(doc: string, path: string): string | undefined {
  const bases = ['.', dirname(doc), ...relativeRoots];
  return bases
    .map((base) => posix.normalize(posix.join(base, path)))
    .find((candidate) => existsSync(join(root, candidate)));
}

function exportsOf(file: string): Set<string> {
  const source = readFileSync(join(root, file), 'utf8');
  const names = new Set<string>();
  const declared =
    /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)/g;
  for (const [, name] of source.matchAll(declared)) names.add(name!);
  for (const [, list] of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const item of list!.split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  return names;
}

interface Problem {
  line: number;
  missing: string;
}

/** The doc's text with fenced code blocks blanked out, line breaks kept so offsets still give line numbers. */
const prose = (text: string) => text.replace(/^ *```[^\n]*\n[\s\S]*?^ *```/gm, (block) => block.replace(/[^\n]/g, ' '));

function problemsOf(doc: string): { checked: number; problems: Problem[] } {
  const text = prose(readFileSync(join(root, doc), 'utf8'));
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const problems: Problem[] = [];
  let checked = 0;
  const report = (offset: number, missing: string) => problems.push({ line: lineAt(offset), missing });

  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!.replace(/#.*$/, '');
    if (target === '' || /^[a-z]+:/.test(target)) continue;
    checked += 1;
    if (!existsSync(join(root, dirname(doc), target))) report(match.index, `link ${match[1]}`);
  }

  const resolved = new Map<string, string | undefined>();
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const path = asPath(match[1]!);
    if (!path) continue;
    checked += 1;
    const file = resolveToken(doc, path);
    resolved.set(path, file);
    if (!file) report(match.index, `path ${path}`);
  }

  for (const pattern of pairs)
    for (const match of text.matchAll(pattern)) {
      const { name, names = `\`${name}\``, path } = match.groups!;
      const file = resolved.get(asPath(path!) ?? '');
      if (!file || !sources.test(file)) continue;
      for (const [, cited] of names.matchAll(/`([^`]+)`/g)) {
        if (!nameToken.test(cited!) || extensions.test(cited!)) continue;
        checked += 1;
        const exported = cited!.replace(/\(\)$/, '').split('.')[0]!;
        if (!exportsOf(file).has(exported)) report(match.index, `${exported} is not exported by ${file}`);
      }
    }
  return { checked, problems };
}

describe('the docs cite paths and exported names that exist', () => {
  const results = docs.map((doc) => ({ doc, ...problemsOf(doc) }));

  it('reads every doc and finds citations in them', () => {
    expect(docs).toContain('docs/architecture.md');
    expect(results.reduce((sum, { checked }) => sum + checked, 0)).toBeGreaterThan(100);
  });

  it.each(results.map(({ doc, problems }) => [doc, problems] as const))('%s', (doc, problems) => {
    const listed = problems.sort((a, b) => a.line - b.line).map(({ line, missing }) => `${doc}:${line} → ${missing}`);
    expect(listed).toEqual([]);
  });
});
