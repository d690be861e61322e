// Each Lambda bundle's cold start on Node 24, in a process of its own: the app synthesized as `cdk deploy` would
// upload it, then for every function of ours three sandboxes started one after another (infra/artifact-lane/
// function-sandboxes.ts), each timed from the bundle's import to its handler ready, and the bundle's size zipped
// as the upload zips it (deflate, with zip's headers).
//   node --import tsx bench/cold-starts-run.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { functionSandboxes } from '../infra/artifact-lane/function-sandboxes.ts';
import { readAssembly } from '../infra/artifact-lane/cloud-assembly.ts';
import { resolveAssembly } from '../infra/artifact-lane/template.ts';
import type { ColdStartsResult } from './result-types.ts';
import { progress } from './util.ts';

const starts = 3;
/** Zip's local header (30 bytes) and central directory entry (46 bytes) carry the name twice. */
const zipped = (dir: string): number =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
    .reduce((sum, file) => sum + deflateRawSync(readFileSync(file)).length + 76 + 2 * relative(dir, file).length, 22);

const workDir = mkdtempSync(join(tmpdir(), 'pickem-cold-starts-'));
const cdkOut = join(workDir, 'cdk.out');
execFileSync('npx', ['cdk', 'synth', '--quiet', '--output', cdkOut], { stdio: 'pipe' });
const assembly = resolveAssembly(readAssembly(cdkOut), 'us-east-1');
const result: ColdStartsResult = { node: process.version, functions: [] };
for (const fn of assembly.functions.filter((f) => f.environment.POWERTOOLS_SERVICE_NAME)) {
  const inits: number[] = [];
  const sandboxes = functionSandboxes(fn, {
    cdkOut,
    workDir: join(workDir, 'task-roots'),
    environmentOf: () => ({ AWS_REGION: 'us-east-1', PATH: process.env.PATH ?? '' }),
    onColdStart: (_fn, initMs) => inits.push(initMs),
  });
  for (let start = 0; start < starts; start++) {
    await sandboxes.warm();
    await sandboxes.close();
  }
  const sorted = inits.sort((a, b) => a - b);
  const entry = {
    name: fn.environment.POWERTOOLS_SERVICE_NAME!,
    initMs: sorted[Math.floor(sorted.length / 2)]!,
    zippedKb: zipped(join(cdkOut, fn.assetDir)) / 1024,
  };
  result.functions.push(entry);
  progress(`[cold starts] ${entry.name}: ${entry.initMs.toFixed(0)} ms, ${entry.zippedKb.toFixed(0)} kB zipped`);
}
rmSync(workDir, { recursive: true, force: true });
process.send?.(result);
process.exit(0);
