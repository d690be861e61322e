// Each area Lambda bundled as the API stack bundles it (ESM, minified, the AWS SDK left to the
// runtime): a small bundle loads fast on a cold start. zod/mini keeps the contracts' share small;
// classic zod on the Lambda path alone would add some 300 kB.
import { build } from 'esbuild';
import { type Area, areaEntry, areas } from '../../functions/http/routes.ts';
import { externalModules } from '../../infra/aws/bundling.ts';

// The areas players call stay under 250 kB. The administrators' areas may take 300 kB: their cold starts are
// never on a player's path, and the team-logo sanitiser's XML parser alone is some 60 kB. The users area, whose
// players' calls are sign-up and the profile, also carries the users CSV import (its parser and the multipart
// reader, 57 kB) and, like every area, all the contracts (38 kB with 80 operations): 275 kB.
// The admin area also takes a player's rare message to the commissioners (Contact Admin) and lists them: 325 kB,
// whose cold start the bench measures within the players' 250 ms (bench/cold-starts-run.ts).
const adminAreas: readonly Area[] = ['spreads', 'processes'];
const limitKb = (area: Area) =>
  area === 'admin' ? 325 : adminAreas.includes(area) ? 300 : area === 'users' ? 275 : 250;

describe('area Lambda bundles', () => {
  it.each(areas.map((area) => [area, limitKb(area)] as const))('%s stays under %i kB minified', async (area, kb) => {
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
    });
    const [bundle] = result.outputFiles;
    expect(bundle!.contents.byteLength).toBeLessThanOrEqual(kb * 1024);
    // The faults PICKEM_FAULTS injects are the local twin's (infra/local/faults.ts), never AWS's.
    expect(bundle!.text).not.toMatch(/PICKEM_FAULTS|pickemFaults/);
  });
});
