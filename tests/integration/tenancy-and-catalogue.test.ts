import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { localDate, shiftDate } from '#domain/season/zoned-time.ts';
import { createClient, findClientByDomain } from '../../functions/store/clients.ts';
import { putRole } from '../support/put-role.ts';
import { createUser } from '../../functions/store/account-claims.ts';
import { getSport } from '../../functions/store/catalogue.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem } from '../../functions/store/state-table.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { call, send } from './support/call.ts';
import { client, demo, startTestStack } from './support/test-stack.ts';

let stack: LocalStack;
let api: ReturnType<typeof client>;
let demoId: number;
let bettor: string;
let coach: string;
let rival: string;
let sysadmin: string;

beforeAll(async () => {
  stack = await startTestStack({ now: '2026-11-22T17:00:00Z' });
  api = client(stack);
  demoId = (await findClientByDomain(stack.deps, 'demo'))!.id;
  await createClient(stack.deps, { id: 500, name: 'Rival', domain: 'outsiders', dateCreated: '2026-11-01T00:00:00Z' });
  await putRole(stack.deps, { id: 500, name: 'Bettor', clientId: 500, roleType: 2, permissions: [4, 5, 8, 18, 20] });
  await createUser(stack.deps, {
    id: 5001,
    clientId: 500,
    login: 'alex',
    displayName: 'Other Alex',
    emailAddress: 'alex@rival.example.com',
    firstName: 'Alex',
    lastName: 'Other',
    middleName: '',
    phoneNumber: '+15550000001',
    status: 1,
    roleId: 500,
    passwordHash: await stack.deps.passwords.hash('rival-pass'),
    dateCreated: '2026-11-01T00:00:00Z',
  });
  [bettor, coach, rival, sysadmin] = await Promise.all([
    api.signIn('alex'),
    api.signIn('coach'),
    api.signIn('alex', 'rival-pass', 'outsiders'),
    api.signIn('admin', 'pickem-admin', 'admin'),
  ]);
});
afterAll(() => stack.close());

describe('tenancy', () => {
  it('one login exists once per client: the same login signs in to each client with its own password', async () => {
    expect((await call(api, contracts.currentUser, {}, rival)).body).toMatchObject({
      client: 'Rival',
      displayName: 'Other Alex',
    });
    expect((await call(api, contracts.currentUser, {}, bettor)).body).toMatchObject({
      client: 'Demo',
      displayName: 'Alex C.',
    });
    const elsewhere = { login: 'alex', password: demo.password, domain: 'outsiders' };
    expect((await call(api, contracts.signIn, elsewhere)).status).toBe(401);
  });

  it('a token of one client reads nothing of another', async () => {
    expect((await call(api, contracts.clientSportList, {}, rival)).body).toEqual([]);
    const other = await call(api, contracts.clientSportList, { clientId: demoId }, rival);
    expect(other.status).toBe(403);
    expect((await call(api, contracts.weekList, { sportId: 33 }, rival)).status).toBe(400);
    expect((await call(api, contracts.seasonList, { sportId: 33 }, rival)).body).toEqual([]);
    const roles = await call(api, contracts.roleList, { limit: 100, page: 1 }, rival);
    expect(roles.body.data.map((role) => role.clientName)).toEqual(['Rival']);
  });

  it('a client manager (permission 14) may name another client', async () => {
    const answer = await call(api, contracts.clientSportList, { clientId: demoId }, sysadmin);
    expect(answer.body.map((sport) => sport.sportName)).toEqual(['NFL', 'NBA']);
  });

  it('a permission guard refuses with 403 and a message', async () => {
    const answer = await call(api, contracts.roleList, {}, bettor);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('You do not have permission to do this');
  });
});

describe('catalogue reads', () => {
  it('lists the client’s sports with their affiliate and pick days', async () => {
    const answer = await call(api, contracts.clientSportList, {}, bettor);
    expect(answer.body).toEqual([
      expect.objectContaining({
        sportId: 33,
        sportName: 'NFL',
        affiliateId: 1,
        allowWednesdayPicks: true,
        allowMondayPicks: false,
        firstBonusGameDay: 6,
        secondBonusGameDay: 7,
      }),
      expect.objectContaining({ sportId: 35, sportName: 'NBA', affiliateId: 3 }),
    ]);
  });

  it("gives each of the client's sports the time zone of its sport", async () => {
    const nba = (await getSport(stack.deps, 35))!;
    await putItem(stack.deps, { ...keys.sport(35), ...nba, timeZone: 'America/Los_Angeles' });
    try {
      const answer = await call(api, contracts.clientSportList, {}, bettor);
      expect(answer.body.map((sport) => [sport.sportId, sport.timeZone])).toEqual([
        [33, 'America/New_York'],
        [35, 'America/Los_Angeles'],
      ]);
    } finally {
      await putItem(stack.deps, { ...keys.sport(35), ...nba });
    }
  });

  it('lists the sports catalogue, every sport the feeds know, for holders of view sports', async () => {
    const answer = await call(api, contracts.sportList, { limit: 50, page: 1 }, bettor);
    expect(answer.body.map((sport) => [sport.id, sport.name])).toEqual([
      [33, 'NFL'],
      [34, 'MLB'],
      [35, 'NBA'],
      [37, 'NHL'],
    ]);
  });

  it('lists a season of 18 Wednesday-to-Tuesday weeks, today in the middle', async () => {
    const weeks = (await call(api, contracts.weekList, { sportId: 33 }, bettor)).body;
    expect(weeks).toHaveLength(18);
    expect(weeks.map((week) => week.number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const today = (await call(api, contracts.weekList, { sportId: 33, date: '2026-11-22' }, bettor)).body;
    expect(today).toEqual([
      expect.objectContaining({
        number: 9,
        beginDate: '2026-11-18T05:00:00.000Z',
        endDate: '2026-11-25T04:59:59.999Z',
      }),
    ]);
    expect((await call(api, contracts.weekList, { sportId: 33, date: '2031-01-01' }, bettor)).body).toEqual([]);
  });

  it('refuses a malformed date or sport with 400', async () => {
    expect((await send(api, contracts.weekList, { sportId: 33, date: '22.11.2026' }, bettor)).status).toBe(400);
    expect((await send(api, contracts.weekList, { sportId: 'abc' }, bettor)).status).toBe(400);
  });

  it('lists seasons for indexed sportId arrays, as the web app sends them', async () => {
    const indexed = { date: '2026-11-22', 'sportId[0]': 33, 'sportId[1]': 35 };
    const answer = await send(api, contracts.seasonList, indexed, bettor);
    expect(answer.body).toEqual([
      expect.objectContaining({
        id: 202633,
        sportId: 33,
        sportName: 'NFL',
        bonusGamesStart: null,
        // The demo season's last game is on a Tuesday, one of the default bonus days.
        lastDayIsBonusDay: true,
      }),
      expect.objectContaining({ id: 202635, sportId: 35, sportName: 'NBA' }),
    ]);
    // The filter applies: one indexed sport lists that sport's season only.
    const one = await send(api, contracts.seasonList, { date: '2026-11-22', 'sportId[0]': 35 }, bettor);
    expect(one.body).toEqual([expect.objectContaining({ id: 202635, sportId: 35 })]);
  });

  it("holds a date through the season's last day in the sport's zone, not its UTC date", async () => {
    const [nflSeason] = (await send(api, contracts.seasonList, { 'sportId[0]': 33 }, bettor)).body;
    const lastDay = localDate(nflSeason!.endDate, 'America/New_York');
    const nextDay = shiftDate(lastDay, 1);
    expect((await send(api, contracts.seasonList, { date: lastDay, 'sportId[0]': 33 }, bettor)).body).toHaveLength(1);
    expect((await send(api, contracts.seasonList, { date: nextDay, 'sportId[0]': 33 }, bettor)).body).toEqual([]);
  });

  it('lists roles with client name and category; a system administrator also sees System Roles', async () => {
    const own = (await call(api, contracts.roleList, { limit: 100, page: 1 }, coach)).body.data;
    expect(own.map((role) => `${role.name}/${role.clientName}`)).toEqual(['Bettor/Demo', 'Company Admin/Demo']);
    const all = (await call(api, contracts.roleList, { limit: 100, page: 1 }, sysadmin)).body.data;
    expect(all).toContainEqual(
      expect.objectContaining({ name: 'System Administrator', clientName: 'System Role', roleType: 2 }),
    );
  });
});

describe('demo season', () => {
  it('has picks for the weeks already played, placed through the bet-slip commands', async () => {
    await stack.settled();
    const { commits } = await stack.deps.events.readStream(`slip#${demoId}#3#33#20263301`);
    expect(commits).toHaveLength(1);
    expect(commits[0]!.events.map((event) => event.type)).toEqual(Array(5).fill('BetPlaced'));
    expect(commits[0]!.events.map((event) => (event.data as { points: number }).points)).toEqual([20, 10, 10, 5, 5]);
  });
});
