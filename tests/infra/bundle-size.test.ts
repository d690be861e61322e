// Each area Lambda bundled as the API stack bundles it (ESM, minified, the AWS SDK left to the
// runtime): a small bundle loads fast on a cold start. zod/mini keeps the contracts' share small;
// classic zod on the Lambda path alone would add some 300 kB.
import { build } from 'esbuild';
import { areaEntry, areas } from '../../functions/http/routes.ts';

const limitBytes = 250 * 1024;

describe('area Lambda bundles', () => {
  it.each(areas)('%s stays under 250 kB minified', async (area) => {
    const result = await build({
      entryPoints: [areaEntry(area)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      mainFields: ['module', 'main'],
      banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
      external: ['@aws-sdk/*'],
      minify: true,
      write: false,
      outfile: 'index.mjs',
    });
    const [bundle] = result.outputFiles;
    expect(bundle!.contents.byteLength).toBeLessThanOrEqual(limitBytes);
  });
});
