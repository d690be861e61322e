import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The repo builds from its root (`vite build --config web/vite.config.ts`), so the app's root is
// pinned to this folder and the output lands in web/dist, where the backend serves it from.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
