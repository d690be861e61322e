// `npm start` stopped in the middle of its first seed (Ctrl-C, a crash) starts again and finishes it.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { importSeason } from '../../functions/jobs/import-season.ts';
import { createDemoProvider, demoSeasonStart } from '../../functions/providers/demo/demo-provider.ts';
import { isSeeded, seedDemo } from '../../functions/seed/demo-seed.ts';
import { ensureSystemTenant, sportIds } from '../../functions/seed/system-tenant.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { getSport, listAffiliates, listClientSports } from '../../functions/store/catalogue.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ seed: false, now: '2026-11-22T17:00:00Z' });

describe('the demo seed, resumed', () => {
  it('a seed that stopped after a season was imported and before its lines finishes: lines, client sports, the marker', async () => {
    const { deps } = given.stack;
    // As the stopped seed left it: the NFL season imported as of its eve, no lines and no affiliate yet.
    await ensureSystemTenant(deps);
    const nfl = (await getSport(deps, sportIds.NFL))!;
    const seasonStart = demoSeasonStart(deps.clock.now());
    const eve = fixedClock(new Date(Date.parse(`${seasonStart}T00:00:00Z`) - 24 * 3600 * 1000));
    const feed = createDemoProvider({ seasonStart, now: () => eve.now() });
    await importSeason({ ...deps, clock: eve }, nfl, feed, Number(seasonStart.slice(0, 4)), 1);
    expect(await listAffiliates(deps, nfl.id)).toEqual([]);

    await seedDemo(deps);

    expect(await isSeeded(deps)).toBe(true);
    expect((await listAffiliates(deps, nfl.id)).length).toBeGreaterThan(0);
    for (const domain of ['demo', 'rival']) {
      const client = (await findClientByDomain(deps, domain))!;
      expect((await listClientSports(deps, client.id)).map((sport) => sport.sportId)).toContain(nfl.id);
    }
  });
});
