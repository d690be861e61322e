// `npm start` stopped in the middle of its first seed (Ctrl-C, a crash) starts again and finishes it.
import { describe, expect, it } from 'vitest';
import { seasonIdOf } from '#domain/season/weeks.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { importSeason } from '../../functions/jobs/import-season.ts';
import { createDemoProvider, demoSeasonStart } from '../../functions/providers/demo/demo-provider.ts';
import { isSeeded, seedDemo } from '../../functions/seed/demo-seed.ts';
import { ensureSystemTenant, sportIds } from '../../functions/seed/system-tenant.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import {
  type CurrentSeason,
  getSeason,
  getSport,
  listAffiliates,
  listClientSports,
} from '../../functions/store/catalogue.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
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

describe("Start New Season's job", () => {
  it('that waited behind a later season’s import imports its games but leaves the later season current', async () => {
    const { deps } = given.stack;
    const nfl = (await getSport(deps, sportIds.NFL))!;
    const current = (await getItem<CurrentSeason>(deps, keys.season(nfl.id)))!;
    const later = { ...current, id: seasonIdOf(current.year + 1, nfl.id), year: current.year + 1 };
    await putItem(deps, { ...keys.season(nfl.id), ...later });
    const feed = createDemoProvider({ seasonStart: demoSeasonStart(deps.clock.now()), now: () => deps.clock.now() });
    await expect(importSeason(deps, nfl, feed, current.year, 1)).rejects.toThrow(
      `A later NFL season became the current one meanwhile: the ${current.year} season's games are imported, and the later season stays current`,
    );
    expect(await getSeason(deps, nfl.id)).toMatchObject({ id: later.id, year: later.year });
    await putItem(deps, { ...keys.season(nfl.id), ...current });
  });
});
