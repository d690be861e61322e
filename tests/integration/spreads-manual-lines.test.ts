// A manual line per affiliate and game, set through the spec's call and seen by every client on that affiliate; its
// reset and the line history. How a line is read, who may set it and the refusals: tests/api/spreads.test.ts.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { clearManualLine, setManualLine } from '../../functions/betting/line-service.ts';
import { findManualLine } from '../../functions/store/manual-lines.ts';
import { findGame } from '../../functions/betting/slip-service.ts';
import { call } from './support/call.ts';
import { stage, staged } from './support/stage.ts';
import {
  admin,
  affiliateId,
  demoId,
  homeSpreadOf,
  memberOf,
  openGames,
  otherAffiliateId,
  reset,
  setSpread,
  spreadList,
  useSpreadsStack,
} from './support/spreads.ts';

const given = useSpreadsStack();

describe('a manual line', () => {
  it('set by the system administrator through the spec’s call reaches the players of every client on the affiliate; the reset brings all of them back to the feed’s line', async () => {
    const [game] = await openGames();
    const [alex, jules] = [await given.api.signIn('alex'), await given.api.signIn('jules', undefined, 'rival')];
    expect(await homeSpreadOf(jules, game!.gameId)).toBe(game!.affiliateSpread);

    const set = await setSpread(game!.gameId, '−6,5');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      gameId: game!.gameId,
      pointSpread: -6.5,
      affiliateSpread: game!.affiliateSpread,
      useAffiliateSpread: false,
      handicapId: expect.any(Number),
    });
    expect(await homeSpreadOf(alex, game!.gameId)).toBe(-6.5);
    expect(await homeSpreadOf(jules, game!.gameId)).toBe(-6.5);

    const answer = await reset([set.body.handicapId!]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ reset: 1 });
    const row = (await spreadList()).find((candidate) => candidate.gameId === game!.gameId)!;
    expect(row).toMatchObject({ pointSpread: game!.affiliateSpread, useAffiliateSpread: true, handicapId: null });
    expect(await homeSpreadOf(alex, game!.gameId)).toBe(game!.affiliateSpread);
    expect(await homeSpreadOf(jules, game!.gameId)).toBe(game!.affiliateSpread);
    // Asked again (its answer lost, or by another administrator): the line is reset, and nothing more is recorded.
    const again = await reset([set.body.handicapId!]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ reset: 1 });
    const history = (await call(given.api, contracts.lineHistory, { gameId: game!.gameId }, admin)).body;
    expect(history.filter((change) => change.kind === 'cleared')).toHaveLength(1);
  });

  it('set or reset from an older read of the line is refused (409 LINE_CHANGED): the line another administrator set since stays', async () => {
    const game = (await openGames())[12]!;
    const read = (await setSpread(game.gameId, '-3', { lineSetAt: '' })).body;
    // Another administrator sets -4 from the same page; this one's page still shows -3.
    expect((await setSpread(game.gameId, '-4', { lineSetAt: read.lineSetAt! })).status).toBe(200);
    const staleReset = await call(
      given.api,
      contracts.useAffiliateSign,
      [{ handicapId: read.handicapId!, useAffiliateSpread: true, lineSetAt: read.lineSetAt! }],
      admin,
    );
    expect([staleReset.status, staleReset.body.code]).toEqual([409, 'LINE_CHANGED']);
    const staleSet = await setSpread(game.gameId, '-3,5', { lineSetAt: read.lineSetAt! });
    expect([staleSet.status, staleSet.body.code]).toEqual([409, 'LINE_CHANGED']);
    // A set asked again after its answer was lost finds its line in force: answered as set.
    expect((await setSpread(game.gameId, '-4', { lineSetAt: read.lineSetAt! })).body.pointSpread).toBe(-4);
    expect((await spreadList()).find((row) => row.gameId === game.gameId)).toMatchObject({ pointSpread: -4 });
    const history = (await call(given.api, contracts.lineHistory, { gameId: game.gameId }, admin)).body;
    expect(history.filter((change) => change.kind === 'cleared')).toHaveLength(0);
  });

  it('belongs to its affiliate: a line at another affiliate leaves the clients on this one with the feed’s line', async () => {
    const [, , game] = await openGames();
    expect((await setSpread(game!.gameId, '12', { affiliateId: otherAffiliateId })).status).toBe(200);
    expect((await spreadList(admin, otherAffiliateId)).find((row) => row.gameId === game!.gameId)!.pointSpread).toBe(
      12,
    );
    expect((await spreadList()).find((row) => row.gameId === game!.gameId)).toMatchObject({
      pointSpread: game!.affiliateSpread,
      useAffiliateSpread: true,
    });
    expect(await homeSpreadOf(await given.api.signIn('sam'), game!.gameId)).toBe(game!.affiliateSpread);
  });
});

describe('two administrators changing one line at once', () => {
  const lineOf = async (gameId: number) => (await spreadList()).find((row) => row.gameId === gameId)!;
  /** The request under test, with `meanwhile` run between its event and the write of the item the pages read. */
  const betweenEventAndItem = <T>(gameId: number, meanwhile: () => Promise<unknown>, run: () => Promise<T>) =>
    staged(
      [stage(given.stack.deps.db, 'PutItemCommand', ['MANUALSPREADS#', `GAME#`, `"gameId":${gameId}`], meanwhile)],
      run,
    );

  it('a reset and a set: the pages show the line of the later event, as the game’s record does', async () => {
    const games = await openGames();
    const game = games[6]!;
    const first = await setSpread(game.gameId, '-3');
    const answer = await betweenEventAndItem(
      game.gameId,
      () => setSpread(game.gameId, '-4'),
      () => reset([first.body.handicapId!]),
    );
    expect(answer.status).toBe(200);
    // The reset's event came first, the set's after: the set's line is in force, on the spreads page and the picks'.
    expect(await lineOf(game.gameId)).toMatchObject({ pointSpread: -4, useAffiliateSpread: false });
    expect(await homeSpreadOf(await given.api.signIn('alex'), game.gameId)).toBe(-4);
    const history = (await call(given.api, contracts.lineHistory, { gameId: game.gameId }, admin)).body;
    expect(
      history.filter((change) => change.kind !== 'affiliate').map((change) => [change.kind, change.homeLine]),
    ).toEqual([
      ['manual', -3],
      ['cleared', null],
      ['manual', -4],
    ]);
  });

  it('a change cut off between its event and its item (a crash), asked again, puts the new line in force', async () => {
    const game = (await openGames())[8]!;
    expect((await setSpread(game.gameId, '-3')).status).toBe(200);
    const { deps } = given.stack;
    const row = (await findGame(deps, game.gameId))!;
    const line = { affiliateId, game: row, homeLine: -9, actorId: 1, actorClientId: demoId };
    const stopped = () => Promise.reject(new Error('the Lambda was stopped here'));
    await expect(betweenEventAndItem(game.gameId, stopped, () => setManualLine(deps, line))).rejects.toThrow(/stopped/);
    expect(await lineOf(game.gameId)).toMatchObject({ pointSpread: -3 });
    expect((await setSpread(game.gameId, '-9')).status).toBe(200);
    expect(await lineOf(game.gameId)).toMatchObject({ pointSpread: -9, useAffiliateSpread: false });
  });

  it('a change from the item a crash left behind its stream is refused once, and the page then reads the line in force', async () => {
    const game = (await openGames())[13]!;
    const first = (await setSpread(game.gameId, '-3', { lineSetAt: '' })).body;
    const { deps } = given.stack;
    const row = (await findGame(deps, game.gameId))!;
    const line = { affiliateId, game: row, homeLine: -9, actorId: 1, actorClientId: demoId };
    const stopped = () => Promise.reject(new Error('the Lambda was stopped here'));
    await expect(betweenEventAndItem(game.gameId, stopped, () => setManualLine(deps, line))).rejects.toThrow(/stopped/);
    const stale = await setSpread(game.gameId, '-5', { lineSetAt: first.lineSetAt! });
    expect([stale.status, stale.body.code]).toEqual([409, 'LINE_CHANGED']);
    const repaired = await lineOf(game.gameId);
    expect(repaired).toMatchObject({ pointSpread: -9 });
    // The line in force asked for again is no change; one from the line now shown is made.
    expect((await setSpread(game.gameId, '-9', { lineSetAt: first.lineSetAt! })).status).toBe(200);
    expect((await setSpread(game.gameId, '-5', { lineSetAt: repaired.lineSetAt! })).body.pointSpread).toBe(-5);
  });

  it('a reset cut off between its event and its item, asked again, brings the feed’s line back', async () => {
    const game = (await openGames())[9]!;
    const set = await setSpread(game.gameId, '-2');
    const { deps } = given.stack;
    const [line, row] = [(await findManualLine(deps, set.body.handicapId!))!, (await findGame(deps, game.gameId))!];
    const stopped = () => Promise.reject(new Error('the Lambda was stopped here'));
    const actor = { actorId: 1, actorClientId: demoId };
    await expect(
      betweenEventAndItem(game.gameId, stopped, () => clearManualLine(deps, line, row, actor)),
    ).rejects.toThrow(/stopped/);
    expect(await lineOf(game.gameId)).toMatchObject({ pointSpread: -2 });
    expect((await reset([set.body.handicapId!])).status).toBe(200);
    expect(await lineOf(game.gameId)).toMatchObject({ pointSpread: game.affiliateSpread, useAffiliateSpread: true });
  });

  it('a reset of two lines cut off after the first, asked again, resets the second too: each reset recorded once', async () => {
    const [first, second] = [(await openGames())[10]!, (await openGames())[11]!];
    const lines = [(await setSpread(first.gameId, '-1')).body, (await setSpread(second.gameId, '-11')).body];
    const ids = lines.map((line) => line.handicapId!);
    const stopped = () => Promise.reject(new Error('the Lambda was stopped here'));
    await expect(betweenEventAndItem(second.gameId, stopped, () => reset(ids))).rejects.toThrow(/answered 500/);
    const again = await reset(ids);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ reset: 2 });
    for (const game of [first, second]) {
      expect(await lineOf(game.gameId)).toMatchObject({ pointSpread: game.affiliateSpread, useAffiliateSpread: true });
      const history = (await call(given.api, contracts.lineHistory, { gameId: game.gameId }, admin)).body;
      expect(history.filter((change) => change.kind === 'cleared')).toHaveLength(1);
    }
  });

  it('two sets: the pages show the later one, not the one whose item was written last', async () => {
    const game = (await openGames())[7]!;
    const answer = await betweenEventAndItem(
      game.gameId,
      () => setSpread(game.gameId, '-8'),
      () => setSpread(game.gameId, '-7'),
    );
    expect(answer.status).toBe(200);
    expect(await lineOf(game.gameId)).toMatchObject({ pointSpread: -8, useAffiliateSpread: false });
  });
});

describe('a client’s manager of lines', () => {
  it('sets a line every client on the affiliate plays at, and resets it', async () => {
    const [, , , game] = await openGames();
    const manager = await memberOf(demoId, 'demo', 'line-manager', [4, 15, 17]);
    const set = await setSpread(game!.gameId, '-5', {}, manager);
    expect(set.status).toBe(200);
    expect(await homeSpreadOf(await given.api.signIn('robin', undefined, 'rival'), game!.gameId)).toBe(-5);
    expect((await reset([set.body.handicapId!], manager)).status).toBe(200);
  });
});

describe('the line history', () => {
  it('lists the feed’s lines and every manual line, oldest first, with who and when', async () => {
    const games = await openGames();
    const game = games[5]!;
    await setSpread(game.gameId, '-2,5');
    const set = await setSpread(game.gameId, '-3');
    await reset([set.body.handicapId!]);
    await setSpread(game.gameId, '9', { affiliateId: otherAffiliateId });
    const answer = await call(given.api, contracts.lineHistory, { gameId: game.gameId }, admin);
    expect(answer.status).toBe(200);
    const changes = answer.body;
    const manual = changes.filter((change) => change.kind !== 'affiliate');
    expect(manual.map((change) => [change.affiliateId, change.kind, change.homeLine, change.actorName])).toEqual([
      [affiliateId, 'manual', -2.5, 'System A.'],
      [affiliateId, 'manual', -3, 'System A.'],
      [affiliateId, 'cleared', null, 'System A.'],
      [otherAffiliateId, 'manual', 9, 'System A.'],
    ]);
    expect(manual.every((change) => Date.parse(change.at) <= Date.now() + 60_000)).toBe(true);
    expect(changes.find((change) => change.kind === 'affiliate')).toMatchObject({
      homeLine: game.affiliateSpread,
      actorName: 'Feed',
    });
    expect(changes.map((change) => change.at)).toEqual([...changes.map((change) => change.at)].sort());
    expect(changes.indexOf(changes.find((change) => change.kind === 'affiliate')!)).toBe(0);

    // A client's reader of the lines sees the same changes, but not the name of someone of another client.
    const reader = await memberOf(demoId, 'demo', 'history-reader', [4, 17]);
    const theirs = (await call(given.api, contracts.lineHistory, { gameId: game.gameId }, reader)).body;
    expect(theirs.map((change) => [change.kind, change.homeLine])).toEqual(
      changes.map((change) => [change.kind, change.homeLine]),
    );
    expect(new Set(theirs.filter((change) => change.kind !== 'affiliate').map((change) => change.actorName))).toEqual(
      new Set(['Administrator']),
    );
  });
});
