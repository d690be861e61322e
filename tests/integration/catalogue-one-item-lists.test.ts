// The week list and the team map are each one item, so the pages that need them read one item, not a partition:
// the current season's item carries its weeks, and a sport's team map carries every team's name and logo. Both always say what the teams and weeks
// partitions say: every write of a team rebuilds the map, and data written before these items existed gets them
// from the start-up's migration (reads before it read the partitions, and write nothing: reads-write-nothing.test.ts).
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Team } from '#domain/catalogue/types.ts';
import { seasonIdOf, type Week } from '#domain/season/weeks.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { type CurrentSeason, getSport, listSeasonWeeks, listTeams } from '../../functions/store/catalogue.ts';
import { importSeason } from '../../functions/jobs/import-season.ts';
import { createDemoProvider, demoSeasonStart } from '../../functions/providers/demo/demo-provider.ts';
import { keys } from '../../functions/store/keys.ts';
import { deleteItem, getItem, putItem } from '../../functions/store/state-table.ts';
import { migrateOneItemLists } from '../../functions/store/migrate-one-item-lists.ts';
import { rebuildTeamMap, teamMap } from '../../functions/store/team-map.ts';
import { useTestStack } from './support/test-stack.ts';
import { call, runImportJob } from './support/call.ts';
import { contracts } from '#domain/contracts/api.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;
let admin: string;
let bettor: string;

beforeAll(async () => {
  [admin, bettor] = await Promise.all([given.api.signIn('admin', adminPassword, 'admin'), given.api.signIn('alex')]);
});

const deps = () => given.stack.deps;
/** What the map must say: the teams partition's names and logos, in id order. */
const teamsAsMapped = async () => (await listTeams(deps(), nfl)).map(({ id, name, logo }) => ({ id, name, logo }));
const storedMap = () => getItem<{ builtAt: number; teams?: unknown[] }>(deps(), keys.teamMap(nfl));

/** The start-up's migration, on a database as an older release left it: it writes the items missing, then is done. */
async function migrateAgain() {
  // The stack migrated its database on start.
  await deleteItem(deps(), keys.migration('catalogue-one-item-lists'));
  expect(await migrateOneItemLists(deps())).toBeGreaterThan(0);
  expect(await migrateOneItemLists(deps())).toBeUndefined();
}

describe("a sport's team map", () => {
  it('is there after the seed loaded the teams, and names every team with its logo', async () => {
    const map = await storedMap();
    expect(map?.teams).toHaveLength(32);
    expect(map?.teams).toEqual(await teamsAsMapped());
  });

  it('shows a team renamed on the Teams page and a logo set there', async () => {
    const [team] = await listTeams(deps(), nfl);
    const edited = await call(
      given.api,
      contracts.editTeam,
      {
        id: team!.id,
        sportId: nfl,
        name: 'Renamed Club',
        city: team!.city,
        mascot: team!.mascot,
        abbreviation: team!.abbreviation,
      },
      admin,
    );
    expect(edited.status).toBe(200);
    const logo = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
    const logoSet = await call(given.api, contracts.setTeamLogo, { id: team!.id, sportId: nfl, logo }, admin);
    expect(logoSet.status).toBe(200);
    const mapped = (await storedMap())?.teams;
    expect(mapped).toContainEqual({ id: team!.id, name: 'Renamed Club', logo: Buffer.from(logo).toString('base64') });
    expect(mapped).toEqual(await teamsAsMapped());
  });

  it('is made right again by Load Teams, even when the feed changes no team', async () => {
    await putItem(deps(), { ...keys.teamMap(nfl), builtAt: 0, teams: [{ id: 1, name: 'Stale', logo: '' }] });
    const job = await runImportJob(given, admin, contracts.importTeams, { sportId: nfl });
    expect(job).toMatchObject({ status: 'succeeded', counts: { teamsAdded: 0, teamsUpdated: 0 } });
    expect((await storedMap())?.teams).toEqual(await teamsAsMapped());
  });

  it("is built by the start-up's migration for teams stored before maps existed, read from the teams until then", async () => {
    await given.stack.deps.db.send(new DeleteCommand({ TableName: deps().tables.state, Key: keys.teamMap(nfl) }));
    expect(await teamMap(deps(), nfl)).toEqual(await teamsAsMapped());
    expect(await storedMap()).toBeUndefined();
    await migrateAgain();
    expect((await storedMap())?.teams).toEqual(await teamsAsMapped());
  });

  it('keeps the build that started last when an earlier one finishes after it', async () => {
    const later = { ...keys.teamMap(nfl), builtAt: Date.now() + 60_000, teams: await teamsAsMapped() };
    await putItem(deps(), later);
    await rebuildTeamMap(deps(), nfl);
    expect((await storedMap())?.builtAt).toBe(later.builtAt);
    await given.stack.deps.db.send(new DeleteCommand({ TableName: deps().tables.state, Key: keys.teamMap(nfl) }));
  });

  it('leaves logos too large for one item in the teams, and the reads still give every logo', async () => {
    const teams = await listTeams(deps(), nfl);
    const large = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(3000)}</svg>`;
    const logo = Buffer.from(large).toString('base64');
    for (const team of teams.slice(0, 4))
      await putItem(deps(), { ...keys.team(nfl, team.id), ...team, logo } satisfies Team & { PK: string });
    await rebuildTeamMap(deps(), nfl);
    expect((await storedMap())?.teams).toBeUndefined();
    expect(await teamMap(deps(), nfl)).toEqual(await teamsAsMapped());
    expect((await teamMap(deps(), nfl)).filter((team) => team.logo === logo)).toHaveLength(4);
  });
});

describe("the current season's week list", () => {
  const weekNumbers = (weeks: Week[]) => weeks.map((week) => week.number);

  it("is kept on the current season's item, the weeks the weeks partition holds", async () => {
    const current = await getItem<CurrentSeason>(deps(), keys.season(nfl));
    expect(current?.weeks).toEqual(await listSeasonWeeks(deps(), current!.id));
    expect(weekNumbers(current!.weeks!)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
  });

  it("is answered from the weeks for a season stored before, and kept on its item by the start-up's migration", async () => {
    const before = await getItem<CurrentSeason>(deps(), keys.season(nfl));
    await given.stack.deps.db.send(
      new UpdateCommand({ TableName: deps().tables.state, Key: keys.season(nfl), UpdateExpression: 'REMOVE weeks' }),
    );
    const answer = await call(given.api, contracts.weekList, { sportId: nfl }, bettor);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(before!.weeks);
    expect((await getItem<CurrentSeason>(deps(), keys.season(nfl)))?.weeks).toBeUndefined();
    await migrateAgain();
    expect((await getItem<CurrentSeason>(deps(), keys.season(nfl)))?.weeks).toEqual(before!.weeks);
  });

  it('is written again by Start New Season with the season, and its team map rebuilt', async () => {
    await given.stack.deps.db.send(
      new UpdateCommand({ TableName: deps().tables.state, Key: keys.season(nfl), UpdateExpression: 'REMOVE weeks' }),
    );
    await putItem(deps(), { ...keys.teamMap(nfl), builtAt: 0, teams: [] });
    const job = await runImportJob(given, admin, contracts.importSeason, {
      sportId: nfl,
      seasonYear: 2026,
    });
    expect(job).toMatchObject({ status: 'succeeded' });
    const current = await getItem<CurrentSeason>(deps(), keys.season(nfl));
    expect(current?.weeks).toEqual(await listSeasonWeeks(deps(), current!.id));
    expect((await storedMap())?.teams).toEqual(await teamsAsMapped());
  });

  it('is kept by a Start New Season job that waited behind a later season’s: its season is imported, not made current', async () => {
    const current = (await getItem<CurrentSeason>(deps(), keys.season(nfl)))!;
    const later = { ...current, id: seasonIdOf(current.year + 1, nfl), year: current.year + 1 };
    await putItem(deps(), { ...keys.season(nfl), ...later });
    await deleteItem(deps(), keys.seasonOf(nfl, current.id));
    try {
      const feed = createDemoProvider({
        seasonStart: demoSeasonStart(deps().clock.now()),
        now: () => deps().clock.now(),
      });
      await expect(importSeason(deps(), (await getSport(deps(), nfl))!, feed, current.year, 1)).rejects.toThrow(
        `A later NFL season became the current one meanwhile: the ${current.year} season's games are imported, and the later season stays current`,
      );
      expect(await getItem(deps(), keys.season(nfl))).toMatchObject({ id: later.id, year: later.year });
      expect(await getItem(deps(), keys.seasonOf(nfl, current.id))).toMatchObject({ year: current.year });
    } finally {
      await putItem(deps(), { ...keys.season(nfl), ...current });
    }
  });

  it('is not part of the season as the seasons list answers it', async () => {
    const seasons = (await call(given.api, contracts.seasonList, { sportId: [nfl] }, bettor)).body;
    expect(seasons).toHaveLength(1);
    expect(seasons[0]).not.toHaveProperty('weeks');
  });
});
