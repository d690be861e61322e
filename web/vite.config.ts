import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// The repo builds from its root (`vite build --config web/vite.config.ts`), so the app's root is
// pinned to this folder and the output lands in web/dist, where the backend serves it from.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [contractsWithoutSummaries, react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
