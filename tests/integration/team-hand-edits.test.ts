// Load Teams keeps what an administrator set by hand (docs/rules.md, Teams): a field edited on the Teams page
// and a logo set there are marked, the feed updates only the unmarked fields, and 'Use the feed's value'
// gives a marked field the feed's value again. A change made from the team as it was before another administrator's
// hand edit is 409. The feed is the offline demo feed, the one the seed loaded.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Team, TeamField } from '#domain/catalogue/types.ts';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { teamMap } from '../../functions/store/team-map.ts';
import { useTestStack } from './support/test-stack.ts';
import { call, send, runImportJob } from './support/call.ts';
import { contracts } from '#domain/contracts/api.ts';
import { routeOf } from './support/route-of.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;
let admin: string;
let coach: string;

const teamsOf = async () =>
  (await call(given.api, contracts.teamList, { sportId: String(nfl), limit: '100', page: '1' }, admin)).body;
const teamOf = async (id: number) => (await teamsOf()).find((team) => team.id === id)!;
const importTeams = () => runImportJob(given, admin, contracts.importTeams, { sportId: nfl });
const useFeedValue = (team: Team, field: TeamField, token = admin) =>
  call(given.api, contracts.useFeedValue, { id: String(team.id), sportId: String(nfl), field }, token);
const editTeam = (team: Team, changes: Partial<Team>) =>
  call(
    given.api,
    contracts.editTeam,
    {
      id: String(team.id),
      sportId: String(nfl),
      name: changes.name ?? team.name,
      city: changes.city ?? team.city,
      mascot: changes.mascot ?? team.mascot,
      abbreviation: changes.abbreviation ?? team.abbreviation,
    },
    admin,
  );

beforeAll(async () => {
  [admin, coach] = await Promise.all([given.api.signIn('admin', adminPassword, 'admin'), given.api.signIn('coach')]);
});

describe('Load Teams and hand edits', () => {
  it("keeps a hand-edited mascot through Load Teams, and 'Use the feed's value' gives back the feed's", async () => {
    const [fromFeed] = await teamsOf();
    const edited = await editTeam(fromFeed!, { mascot: 'Grizzlies' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ mascot: 'Grizzlies', handEdited: ['mascot'] });

    const job = await importTeams();
    expect(job).toMatchObject({ status: 'succeeded', counts: { teamsAdded: 0, teamsUpdated: 0 } });
    expect(await teamOf(fromFeed!.id)).toMatchObject({
      mascot: 'Grizzlies',
      handEdited: ['mascot'],
      feedValues: { mascot: fromFeed!.mascot },
    });

    const restored = await useFeedValue(fromFeed!, 'mascot');
    expect(restored.status).toBe(200);
    expect(await teamOf(fromFeed!.id)).toMatchObject({ mascot: fromFeed!.mascot, handEdited: [] });
  });

  it('updates the fields nobody edited by hand while keeping the one somebody did', async () => {
    const team = (await teamsOf())[1]!;
    await editTeam(team, { city: 'Hand City' });
    const stale = await getItem<Team>(given.stack.deps, keys.team(nfl, team.id));
    await putItem(given.stack.deps, { ...keys.team(nfl, team.id), ...stale!, mascot: 'Out Of Date' });

    expect(await importTeams()).toMatchObject({ status: 'succeeded', counts: { teamsUpdated: 1 } });
    expect(await teamOf(team.id)).toMatchObject({ city: 'Hand City', mascot: team.mascot, handEdited: ['city'] });
  });

  it('an edit naming only the fields it changes leaves the others as Load Teams last wrote them, unmarked', async () => {
    const team = (await teamsOf())[5]!;
    const { deps } = given.stack;
    // The feed's older mascot, as the Edit Team dialog was opened on it; Load Teams then writes the feed's newest.
    const current = await getItem<Team>(deps, keys.team(nfl, team.id));
    await putItem(deps, { ...keys.team(nfl, team.id), ...current!, mascot: 'Out Of Date' });
    expect(await importTeams()).toMatchObject({ status: 'succeeded', counts: { teamsUpdated: 1 } });

    const form = { id: String(team.id), sportId: String(nfl), city: 'Hand City' };
    const edited = await call(given.api, contracts.editTeam, form, admin);
    expect(edited.body).toMatchObject({ city: 'Hand City', mascot: team.mascot, handEdited: ['city'] });
    const blank = await call(given.api, contracts.editTeam, { ...form, mascot: ' ' }, admin);
    expect(blank.body).toMatchObject({ error: 'Mascot is required' });
    // Nothing to change: answered as it is, nothing written (a write would move its marks' count).
    const stored = await getItem<Team>(deps, keys.team(nfl, team.id));
    const none = await call(given.api, contracts.editTeam, { ...form, city: undefined, mascot: team.mascot }, admin);
    expect(none.body).toMatchObject({ city: 'Hand City', mascot: team.mascot });
    expect(await getItem<Team>(deps, keys.team(nfl, team.id))).toEqual(stored);
  });

  it('keeps a logo set by hand, and gives the feed its logo back on request', async () => {
    const team = (await teamsOf())[2]!;
    const set = await call(
      given.api,
      contracts.setTeamLogo,
      { id: team.id, sportId: nfl, logo: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>' },
      admin,
    );
    expect(set.body.handEdited).toEqual(['logo']);
    await importTeams();
    expect((await teamOf(team.id)).logo).toBe(set.body.logo);

    await useFeedValue(team, 'logo');
    expect(await teamOf(team.id)).toMatchObject({ logo: team.logo, handEdited: [] });
  });

  it("takes a logo set by hand away again when the feed has none (ESPN's, The Odds API's), instead of 409", async () => {
    const listed = (await teamsOf())[3]!;
    const stored = (await getItem<Team>(given.stack.deps, keys.team(nfl, listed.id)))!;
    await putItem(given.stack.deps, { ...keys.team(nfl, listed.id), ...stored, logo: '' });
    try {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
      const set = await call(given.api, contracts.setTeamLogo, { id: listed.id, sportId: nfl, logo: svg }, admin);
      expect([set.status, set.body.handEdited]).toEqual([200, ['logo']]);
      const back = await useFeedValue(listed, 'logo');
      expect([back.status, back.body.logo, back.body.handEdited]).toEqual([200, '', []]);
      expect(await teamOf(listed.id)).toMatchObject({ logo: '', handEdited: [] });
    } finally {
      // The demo feed's logo back, on the team and in the map the pages read.
      await importTeams();
    }
  });

  it('an edit asked again after its team was saved but not its map (the Lambda died between) is in the team map the pages read', async () => {
    const team = (await teamsOf())[6]!;
    const { deps } = given.stack;
    // The map as stored (a warm container's pages keep it up to five minutes, catalogue-cache.ts).
    const mapped = async () => (await teamMap(deps, nfl)).find(({ id }) => id === team.id);
    const saved = await getItem<Team>(deps, keys.team(nfl, team.id));
    await putItem(deps, { ...keys.team(nfl, team.id), ...saved!, name: 'Harbor Gulls', handEdited: ['name'] });
    expect((await mapped())?.name).toBe(team.name);

    const again = await editTeam(team, { name: 'Harbor Gulls' });
    expect(again.body).toMatchObject({ name: 'Harbor Gulls', handEdited: ['name'] });
    expect((await mapped())?.name).toBe('Harbor Gulls');
  });

  it('keeps a hand edit saved while Load Teams runs', async () => {
    const team = (await teamsOf())[3]!;
    const [, edited] = await Promise.all([importTeams(), editTeam(team, { mascot: 'Racers' })]);
    expect(edited.status).toBe(200);
    expect(await teamOf(team.id)).toMatchObject({ mascot: 'Racers', handEdited: ['mascot'] });
  });
});

describe('the team map after a team edit', () => {
  it('answers the new name at once to the ETag it gave before (the edit makes the pages ask again), not 304', async () => {
    const team = (await teamsOf())[10]!;
    const before = await call(given.api, contracts.teamMap, { sportId: nfl }, coach);
    expect((await editTeam(team, { name: 'Quarry Hawks' })).status).toBe(200);
    const after = await given.api.call('GET', `${routeOf(contracts.teamMap)}?sportId=${nfl}`, {
      token: coach,
      headers: { 'if-none-match': before.headers.get('etag')! },
    });
    expect(after.status).toBe(200);
    expect((after.body as Team[]).find((entry) => entry.id === team.id)).toMatchObject({ name: 'Quarry Hawks' });
  });

  it('names a renamed team at once on the pick list and the games list, to the ETags they gave before, not 304', async () => {
    const weekId = (await call(given.api, contracts.betList, { sportId: nfl }, coach)).body.week.id;
    const listed = (contract: typeof contracts.betList | typeof contracts.gameList, etag?: string) =>
      call(given.api, contract, { sportId: nfl, weekId }, coach, etag ? { 'if-none-match': etag } : undefined);
    const rows = (body: unknown) => (Array.isArray(body) ? body : (body as { data: BetRow[] }).data) as BetRow[];
    const [picks, games] = await Promise.all([listed(contracts.betList), listed(contracts.gameList)]);
    const { homeTeamId } = rows(picks.body)[0]!;
    expect((await editTeam(await teamOf(homeTeamId), { name: 'Renamed Rovers' })).status).toBe(200);
    for (const [contract, before] of [
      [contracts.betList, picks],
      [contracts.gameList, games],
    ] as const) {
      const after = await listed(contract, before.headers.get('etag')!);
      expect(after.status).toBe(200);
      expect(rows(after.body).find((row) => row.homeTeamId === homeTeamId)!.homeTeamName).toBe('Renamed Rovers');
    }
  });
});

describe('the pick lists after Load Teams', () => {
  it('keep their 304 through a Load Teams that changed no team: the teams stamp moves only with the map', async () => {
    await importTeams();
    const weekId = (await call(given.api, contracts.betList, { sportId: nfl }, coach)).body.week.id;
    const before = await call(given.api, contracts.betList, { sportId: nfl, weekId }, coach);
    expect((await importTeams()).status).toBe('succeeded');
    const etag = before.headers.get('etag')!;
    const after = await call(given.api, contracts.betList, { sportId: nfl, weekId }, coach, { 'if-none-match': etag });
    expect(after.status).toBe(304);
  });
});

describe('two administrators editing one team', () => {
  it("an edit made from the team as it was before another's save is 409 TEAM_CHANGED and keeps the other's; asked again after it landed it is done", async () => {
    const read = (await teamsOf())[8]!;
    const edit = (abbreviation: string) =>
      call(
        given.api,
        contracts.editTeam,
        { id: String(read.id), sportId: String(nfl), abbreviation, version: String(read.markChanges ?? 0) },
        admin,
      );
    expect(await edit('FIRST')).toMatchObject({ status: 200, body: { abbreviation: 'FIRST' } });
    // The same edit asked again (its answer lost): landed already, it is done.
    expect(await edit('FIRST')).toMatchObject({ status: 200, body: { abbreviation: 'FIRST' } });
    const late = await edit('LATE');
    expect(late).toMatchObject({ status: 409, body: { code: 'TEAM_CHANGED' } });
    expect(late.body.error).toBe('Someone else changed this team meanwhile');
    expect(await teamOf(read.id)).toMatchObject({ abbreviation: 'FIRST' });
    const logo = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
    const staleLogo = await call(
      given.api,
      contracts.setTeamLogo,
      { id: read.id, sportId: nfl, logo, version: read.markChanges ?? 0 },
      admin,
    );
    expect(staleLogo).toMatchObject({ status: 409, body: { code: 'TEAM_CHANGED' } });
  });
});

describe("'Use the feed's value'", () => {
  it('answers a field nobody set by hand as it is, changing nothing', async () => {
    const team = (await teamsOf())[4]!;
    const answer = await useFeedValue(team, 'name');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: team.name });
  });

  it('refuses an unknown field (400), an unknown team (404) and a company admin (403), changing nothing', async () => {
    const before = await teamsOf();
    const team = before[0]!;
    const badField = await send(
      given.api,
      contracts.useFeedValue,
      { id: String(team.id), sportId: String(nfl), field: 'stadium' },
      admin,
    );
    expect(badField.status).toBe(400);
    expect(badField.body.error).toBe('field must be one of name, city, mascot, abbreviation, logo');
    expect((await useFeedValue({ ...team, id: 999999 }, 'mascot')).status).toBe(404);
    expect((await useFeedValue(team, 'mascot', coach)).status).toBe(403);
    expect(await teamsOf()).toEqual(before);
  });
});
