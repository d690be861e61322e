import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { transform } from 'esbuild';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { contracts } from '../domain/contracts/api.ts';
import type { Contract } from '../domain/contracts/contract.ts';
import { appIconFiles } from '../scripts/app-icons.ts';

/**
 * The contracts' summaries are the API's documentation (docs/openapi.json); the web app never shows them, so its
 * build leaves them out: 2.7 kB gzip of the first page load, which every page of the app pays.
 */
const contractsWithoutSummaries: Plugin = {
  name: 'contracts-without-summaries',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('/domain/contracts/')) return null;
    return code.replace(
      /summary:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\$]|\\.|\$\{[^{}]*\}|\$(?!\{))*`),/g,
      "summary: '',",
    );
  },
};

const webFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * What the web app reads of a contract: what its client needs to make a call (web/src/lib/api-client.ts: whether it
 * is a read, and whether a change's input holds a secret, for its request key), and the reads a change makes out of
 * date, by name, and those its job does (web/src/lib/use-contract-mutation.ts).
 */
export const callOf = ({ method, path, input, read, revalidates, secret, invalidates, jobInvalidates }: Contract) => ({
  method,
  path,
  input,
  read,
  revalidates,
  secret,
  invalidates,
  jobInvalidates,
});

/**
 * The web app calls with a contract's method, path, input kind and whether it revalidates, and a change asks again
 * the reads it names; the schemas are the server's (a form that checks with one imports it from its own contract
 * file). So the app's domain/contracts/api.ts is a table of those fields, taken from the contracts themselves:
 * building zod schemas for every call cost a phone's first render about 60 ms of blocked main thread, and the first
 * load 16 kB gzip.
 */
const contractCalls: Plugin = {
  name: 'contract-calls',
  enforce: 'pre',
  load(id) {
    if (id !== webFile('../domain/contracts/api.ts')) return null;
    const calls = Object.fromEntries(Object.entries(contracts).map(([name, contract]) => [name, callOf(contract)]));
    return `export const contracts = ${JSON.stringify(calls)};`;
  },
};
/** The offline page and its script: public files the service worker keeps besides the build's own. */
const offlineFiles = ['offline.html', 'offline.js'];

/** The entry chunk with every chunk it imports statically and their CSS: what the first page load fetches. */
function firstLoadFiles(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(imported);
  };
  for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) add(item.fileName);
  return [...files];
}

/**
 * What makes the app installable: the home-screen icons (scripts/app-icons.ts) in icons/, and the service worker
 * (src/service-worker.ts) as /sw.js, unhashed at the root so its scope is the whole site. The worker is given the
 * first page load's files to keep and a build id from every file name of the build (Vite hashes them by content) and
 * the offline page's bytes: a deploy that changes anything changes the worker, which the browser then installs.
 */
const installable: Plugin = {
  name: 'installable',
  apply: 'build',
  // After Vite's own, which drops the chunks that held only CSS.
  generateBundle: { order: 'post', handler: installableFiles },
};

async function installableFiles(this: Rollup.PluginContext, _options: unknown, bundle: Rollup.OutputBundle) {
  for (const { file, png } of appIconFiles()) this.emitFile({ type: 'asset', fileName: file, source: png });
  const precache = [...offlineFiles, ...firstLoadFiles(bundle)].map((file) => `/${file}`);
  const build = createHash('sha256').update(Object.keys(bundle).sort().join('\n'));
  for (const file of offlineFiles) build.update(readFileSync(webFile(`public/${file}`)));
  const worker = await transform(readFileSync(webFile('src/service-worker.ts'), 'utf8'), {
    loader: 'ts',
    format: 'iife',
    target: 'es2022',
    minify: true,
    define: { __PRECACHE__: JSON.stringify(precache), __BUILD__: JSON.stringify(build.digest('hex').slice(0, 16)) },
  });
  this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.code });
}

// The repo builds from its root (`vite build --config web/vite.config.ts`), so the app's root is
// pinned to this folder and the output lands in web/dist, where the backend serves it from.
export default defineConfig({
  root: webFile('.'),
  plugins: [contractCalls, contractsWithoutSummaries, react(), installable],
  resolve: { alias: { '@': webFile('./src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph, so tests/infra/first-load-size.test.ts can add up what the first page load fetches.
    manifest: true,
  },
  server: {
    proxy: {
      '/Services': 'http://localhost:3000',
    },
  },
});
