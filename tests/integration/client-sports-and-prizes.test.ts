// A client's sports (added with default days, edited, removed and added back with the players' picks) and its
// prizes, through the real handlers.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { editClientSport, findClientSport } from '../../functions/store/catalogue.ts';
import { findPrize, replacePrize } from '../../functions/store/prizes.ts';
import { call } from './support/call.ts';
import { scheduledSports } from '../../functions/jobs/processes.ts';
import { coach, demoId, jules, rivalAdmin, rivalId, sysadmin, useClientsStack } from './support/clients.ts';
import { loseFirstAnswers, loseFirstAnswersName } from './support/lost-answers.ts';

const given = useClientsStack();

const clientSports = async (token: string, clientId?: number) =>
  (await call(given.api, contracts.clientSportList, { clientId }, token)).body;
const prizes = async (token: string) => (await call(given.api, contracts.prizeList, {}, token)).body;
const deletePrize = (id: number) => call(given.api, contracts.deletePrize, { id }, sysadmin);
const editPrize = (form: RequestOf<typeof contracts.editPrize>) => call(given.api, contracts.editPrize, form, sysadmin);
const affiliates = (input: RequestOf<typeof contracts.affiliateList>) =>
  call(given.api, contracts.affiliateList, input, coach);

describe('client sports', () => {
  const sportList = async (token: string) => (await clientSports(token)).map((sport) => sport.sportName);

  it('adds a sport with the defaults for days left out, once; an affiliate of another sport or an unknown sport or client is refused', async () => {
    const add = (form: Omit<RequestOf<typeof contracts.addClientSport>, 'clientId'>) =>
      call(given.api, contracts.addClientSport, { clientId: rivalId, ...form }, sysadmin);
    const foreign = await add({ sportId: 35, affiliateId: 1 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('The affiliate 1 is not an affiliate of NBA');
    expect((await add({ sportId: 99, affiliateId: 1 })).status).toBe(404);
    const unknownClient = { clientId: 999999, sportId: 35, affiliateId: 3 };
    expect((await call(given.api, contracts.addClientSport, unknownClient, sysadmin)).status).toBe(404);

    const added = await add({ sportId: 35, affiliateId: 3, allowSaturdayPicks: false });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      clientId: rivalId,
      sportId: 35,
      sportName: 'NBA',
      affiliateId: 3,
      affiliateName: expect.any(String),
      allowMondayPicks: false,
      allowTuesdayPicks: false,
      allowWednesdayPicks: true,
      allowSaturdayPicks: false,
      firstBonusGameDay: 6,
      secondBonusGameDay: 7,
    });
    expect(await sportList(jules)).toEqual(['NFL', 'NBA']);

    const again = await add({ sportId: 35, affiliateId: 3 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('NBA is already a sport of this client');
  });

  it('a sport switched off is given to no client (409), and no scheduled process reads it while none plays it', async () => {
    const sports = (await call(given.api, contracts.sportList, { page: 1, limit: 100 }, sysadmin)).body;
    const mlb = sports.find((sport) => sport.id === 34)!;
    const { id, active, version, name: _name, providerKey: _key, timeZone: _zone, ...days } = mlb;
    const switched = async (on: boolean) => {
      const form = { id, ...days, active: on, version: (version ?? 0) + (on ? 1 : 0) };
      const answer = await call(given.api, contracts.editSport, form, sysadmin);
      return [answer.status, answer.body.error];
    };
    expect(active).toBe(true);
    expect(await switched(false)).toEqual([200, undefined]);
    // (MLB has no affiliate yet: the switch is what refuses it.)
    const form = { clientId: rivalId, sportId: 34, affiliateId: 1 };
    const refused = await call(given.api, contracts.addClientSport, form, sysadmin);
    expect([refused.status, refused.body.code]).toEqual([409, 'SPORT_INACTIVE']);
    expect(refused.body.error).toBe('MLB is switched off: switch it on on the Sports page first');
    expect(await sportList(jules)).toEqual(['NFL', 'NBA']);
    expect((await scheduledSports(given.stack.deps)).map((sport) => sport.id)).toEqual([33, 35, 37]);
    expect(await switched(true)).toEqual([200, undefined]);
  });

  it('edits days and affiliate; an affiliate of another sport is refused (400)', async () => {
    const nba = (await clientSports(sysadmin, rivalId)).find((sport) => sport.sportId === 35)!;
    const editSport = (form: RequestOf<typeof contracts.editClientSport>, token = sysadmin) =>
      call(given.api, contracts.editClientSport, form, token);
    const edited = await editSport({ id: nba.id, allowSundayPicks: false, secondBonusGameDay: 5 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: nba.id,
      allowSundayPicks: false,
      secondBonusGameDay: 5,
      allowSaturdayPicks: false,
    });
    const foreign = await editSport({ id: nba.id, affiliateId: 1 });
    expect(foreign.status).toBe(400);
    const listed = (await clientSports(jules)).find((sport) => sport.sportId === 35);
    expect(listed).toMatchObject({ allowSundayPicks: false, affiliateId: 3 });
    expect((await editSport({ id: 999999 })).status).toBe(404);
    expect((await editSport({ id: nba.id }, rivalAdmin)).status).toBe(403);
  });

  it('removing a sport hides it from the players; adding it back shows their earlier picks again', async () => {
    await given.stack.settled();
    const nfl = (await clientSports(jules)).find((sport) => sport.sportId === 33)!;
    const picksOf = () => call(given.api, contracts.betList, { sportId: 33, weekId: 20263302 }, jules);
    const before = await picksOf();
    expect(before.body.data.filter((row) => row.id !== null).length).toBeGreaterThan(0);

    const removeSport = () => call(given.api, contracts.deleteClientSport, { id: nfl.id }, sysadmin);
    const removed = await removeSport();
    expect(removed.body).toEqual({ message: 'Sport has been deleted' });
    expect(await sportList(jules)).toEqual(['NBA']);
    const hidden = await picksOf();
    expect(hidden.status).toBe(400);
    expect(hidden.body.code).toBe('SPORT_NOT_ENABLED');
    expect((await removeSport()).status).toBe(404);

    const back = await call(
      given.api,
      contracts.addClientSport,
      { clientId: rivalId, sportId: 33, affiliateId: nfl.affiliateId },
      sysadmin,
    );
    expect(back.status).toBe(201);
    expect(back.body.id).toBe(nfl.id);
    expect(await sportList(jules)).toEqual(['NFL', 'NBA']);
    expect((await picksOf()).body.data).toEqual(before.body.data);
  });

  it('lists the affiliates of one sport, or of every sport', async () => {
    const nfl = (await affiliates({ sportId: 33 })).body;
    expect(nfl.length).toBeGreaterThan(0);
    expect(nfl.every((affiliate) => affiliate.sportId === 33)).toBe(true);
    const all = (await affiliates({})).body;
    expect(new Set(all.map((affiliate) => affiliate.sportId))).toEqual(new Set([33, 35]));
    expect((await affiliates({ sportId: 99 })).status).toBe(404);
  });

  it('an edit made from an older read is refused (409 CLIENT_SPORT_CHANGED) and keeps the edit that came since', async () => {
    const { deps } = given.stack;
    const nba = () => clientSports(sysadmin, rivalId).then((sports) => sports.find((sport) => sport.sportId === 35)!);
    const editSport = (form: RequestOf<typeof contracts.editClientSport>) =>
      call(given.api, contracts.editClientSport, form, sysadmin);
    const { id, version = 0 } = await nba();
    const first = await editSport({ id, version, allowSaturdayPicks: true });
    expect(first.body).toMatchObject({ allowSaturdayPicks: true, version: version + 1 });
    const stale = await editSport({ id, version, allowFridayPicks: false });
    expect([stale.status, stale.body.code]).toEqual([409, 'CLIENT_SPORT_CHANGED']);
    expect(await nba()).toMatchObject({ allowSaturdayPicks: true, allowFridayPicks: true });

    // Read before another's write landed, and written after it: refused by the write itself. Its own write, whose
    // first answer was lost, sent again, is not refused by its own landing.
    const read = (await findClientSport(deps, id))!;
    const lost = loseFirstAnswers(deps, (command) => command === 'PutItemCommand');
    try {
      await editClientSport(deps, read, { allowThursdayPicks: false });
    } finally {
      deps.db.middlewareStack.remove(loseFirstAnswersName);
    }
    expect(lost()).toBeGreaterThan(0);
    await expect(editClientSport(deps, read, { allowFridayPicks: false })).rejects.toMatchObject({
      code: 'CLIENT_SPORT_CHANGED',
    });
    const listed = await nba();
    expect(listed).toMatchObject({ allowThursdayPicks: false, allowFridayPicks: true, version: version + 2 });
    expect(listed).not.toHaveProperty('writeId');

    // Read before a removal: 404; and once added back, a form opened before the removal is refused.
    await call(given.api, contracts.deleteClientSport, { id }, sysadmin);
    await expect(editClientSport(deps, read, {})).rejects.toMatchObject({ code: 'UNKNOWN_CLIENT_SPORT' });
    const back = { clientId: rivalId, sportId: 35, affiliateId: listed.affiliateId };
    expect((await call(given.api, contracts.addClientSport, back, sysadmin)).body).toMatchObject({
      version: version + 3,
    });
    const opened = await editSport({ id, version: version + 2, allowFridayPicks: false });
    expect(opened.body).toMatchObject({ code: 'CLIENT_SPORT_CHANGED' });
  });
});

describe('prizes', () => {
  it('are added, edited and deleted within a client, and listed to its members only', async () => {
    const added = await call(
      given.api,
      contracts.addPrize,
      { clientId: rivalId, name: 'Gift card', cost: '25.50' },
      sysadmin,
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ clientId: rivalId, name: 'Gift card', cost: 25.5, active: true });
    expect(await prizes(rivalAdmin)).toEqual([added.body]);
    expect(await prizes(jules)).toEqual([added.body]);
    expect((await prizes(coach)).map((prize) => prize.name)).not.toContain('Gift card');
    const foreign = await call(given.api, contracts.prizeList, { clientId: rivalId }, coach);
    expect(foreign.status).toBe(403);

    const edited = await editPrize({ id: added.body.id, name: 'Big gift card', cost: '30', active: false });
    expect(edited.body).toMatchObject({ id: added.body.id, name: 'Big gift card', cost: 30, active: false });
    // Switched off, it is still the client manager's to edit, and no longer something the client's members can win.
    expect((await call(given.api, contracts.prizeList, { clientId: rivalId }, sysadmin)).body).toEqual([edited.body]);
    expect(await prizes(rivalAdmin)).toEqual([]);
    expect(await prizes(jules)).toEqual([]);

    const deleted = await deletePrize(added.body.id);
    expect(deleted.body).toEqual({ message: 'Prize has been deleted' });
    expect(await prizes(rivalAdmin)).toEqual([]);
    const gone = await editPrize({ id: added.body.id, name: 'Again', cost: '1' });
    expect(gone.status).toBe(404);
  });

  it('an edit made from an older read is refused (409 PRIZE_CHANGED) and keeps the edit that came since', async () => {
    const { deps } = given.stack;
    const added = await call(given.api, contracts.addPrize, { clientId: rivalId, name: 'Mug', cost: '8' }, sysadmin);
    const { id } = added.body;
    expect(added.body.version).toBe(0);
    const first = await editPrize({ id, version: 0, name: 'Mug', cost: '9' });
    expect(first.body).toMatchObject({ version: 1, cost: 9 });
    const stale = await editPrize({ id, version: 0, name: 'Big mug', cost: '8' });
    expect([stale.status, stale.body.code]).toEqual([409, 'PRIZE_CHANGED']);

    // An edit read before another's write landed, and written after it, is refused by the write itself.
    const read = (await findPrize(deps, id))!;
    // Its first answer lost after it landed, the write sent again is not refused by its own landing.
    const lost = loseFirstAnswers(deps, (command) => command === 'PutItemCommand');
    try {
      await replacePrize(deps, read, { ...read, active: false, version: 2 });
    } finally {
      deps.db.middlewareStack.remove(loseFirstAnswersName);
    }
    expect(lost()).toBeGreaterThan(0);
    await expect(replacePrize(deps, read, { ...read, name: 'Cup', version: 2 })).rejects.toMatchObject({
      code: 'PRIZE_CHANGED',
    });
    const listed = (await call(given.api, contracts.prizeList, { clientId: rivalId }, sysadmin)).body;
    expect(listed).toEqual([{ id, clientId: rivalId, name: 'Mug', cost: 9, active: false, version: 2 }]);

    // Read before a delete and written after it: 404, and the prize stays deleted.
    const beforeDelete = (await findPrize(deps, id))!;
    await deletePrize(id);
    await expect(replacePrize(deps, beforeDelete, { ...beforeDelete, version: 3 })).rejects.toMatchObject({
      code: 'UNKNOWN_PRIZE',
    });
    expect((await call(given.api, contracts.prizeList, { clientId: rivalId }, sysadmin)).body).toEqual([]);
  });

  it('refuses a negative cost, more than two decimals and a missing name (400)', async () => {
    const add = (form: Omit<RequestOf<typeof contracts.addPrize>, 'clientId'>) =>
      call(given.api, contracts.addPrize, { clientId: rivalId, ...form }, sysadmin);
    const negative = await add({ name: 'Debt', cost: '-1' });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toBe('Cost must be an amount between 0 and 1,000,000 with at most two decimals');
    expect((await add({ name: 'Fine', cost: '1.005' })).status).toBe(400);
    expect((await add({ name: '', cost: '1' })).status).toBe(400);
    expect(await prizes(rivalAdmin)).toEqual([]);
  });

  it('takes any price with two decimals, such as 19.99 (no binary-fraction surprise)', async () => {
    const added = await call(
      given.api,
      contracts.addPrize,
      { clientId: rivalId, name: 'Cap', cost: '19.99' },
      sysadmin,
    );
    expect(added.status).toBe(201);
    expect(added.body.cost).toBe(19.99);
    await deletePrize(added.body.id);
  });

  it("a player (and a company admin) reads the client's active prizes in the order they were added and changes none (403)", async () => {
    const alex = await given.api.signIn('alex');
    expect((await prizes(alex)).map(({ name, active }) => ({ name, active }))).toEqual([
      { name: '1st place — $100 gift card', active: true },
      { name: '2nd place — $50 gift card', active: true },
      { name: 'Best single week — team lunch', active: true },
    ]);
    expect(await prizes(coach)).toEqual(await prizes(alex));
    const managed = (await call(given.api, contracts.prizeList, { clientId: demoId }, sysadmin)).body;
    expect(managed.map((prize) => prize.name)).toContain("Last season's hoodie");
    const [first] = await prizes(alex);
    const edit = { id: first!.id, name: 'Mine', cost: '1' };
    expect((await call(given.api, contracts.editPrize, edit, alex)).status).toBe(403);
    expect(
      (await call(given.api, contracts.addPrize, { clientId: demoId, name: 'Mine', cost: '1' }, alex)).status,
    ).toBe(403);
    expect((await call(given.api, contracts.prizeList, { clientId: rivalId }, alex)).status).toBe(403);
  });

  it('a company admin cannot add a prize to another client (403)', async () => {
    const answer = await call(given.api, contracts.addPrize, { clientId: rivalId, name: 'Sneaky', cost: '1' }, coach);
    expect(answer.status).toBe(403);
  });
});
