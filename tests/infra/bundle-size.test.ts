// Each area Lambda bundled as the API stack bundles it (ESM, minified, the AWS SDK left to the
// runtime): a small bundle loads fast on a cold start. zod/mini keeps the contracts' share small;
// classic zod on the Lambda path alone would add some 300 kB.
import { build } from 'esbuild';
import { areaEntry, areas } from '../../functions/http/routes.ts';
import { externalModules } from '../../infra/aws/bundling.ts';

// Every area stays under 250 kB, the administrators' too: players call the admin area (announcements, prizes,
// Contact Admin) and jobStatus is the imports area's. What keeps them there: each area's Lambda imports its own
// contract modules (areaApi takes them), never the registry of all 80 operations; the team-logo sanitiser's XML
// parser (some 60 kB) is the imports area's alone, with the other writes of the shared catalogue; the users area
// carries the users CSV import's parser (26 kB).
const limitKb = 250;

describe('area Lambda bundles', () => {
  it.each(areas.map((area) => [area, limitKb] as const))('%s stays under %i kB minified', async (area, kb) => {
    const result = await build({
      entryPoints: [areaEntry(area)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      mainFields: ['module', 'main'],
      banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
      external: externalModules,
      minify: true,
      write: false,
      outfile: 'index.mjs',
      metafile: true,
    });
    const [bundle] = result.outputFiles;
    expect(bundle!.contents.byteLength).toBeLessThanOrEqual(kb * 1024);
    // The faults PICKEM_FAULTS injects are the local twin's (infra/local/faults.ts), never AWS's.
    expect(bundle!.text).not.toMatch(/PICKEM_FAULTS|pickemFaults/);
    // An area takes its own contract modules: the registry of all 80 operations would bring every one's schemas.
    expect(Object.keys(result.metafile.inputs)).not.toContain('domain/contracts/api.ts');
  });
});
