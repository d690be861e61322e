// Stamps by construction (issue 58, item 2): every kind of write to a stamped partition, through the store's public
// functions, moves that partition's version stamp, once per call whatever the number of items, and only after it
// succeeded (docs/data-model.md, Version stamps of the live reads; the mapping: tests/unit/stamped-writes.test.ts).
import { describe, expect, it } from 'vitest';
import type { Affiliate, Sport } from '#domain/catalogue/types.ts';
import { defaultDayFlags } from '#domain/catalogue/types.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import type { EventStore } from '../../functions/adapters/event-store.ts';
import { addClientSport, editClientSport, removeClientSport } from '../../functions/store/catalogue.ts';
import { handleCommand } from '../../functions/store/command-handler.ts';
import { keys } from '../../functions/store/keys.ts';
import { putBonusStart, putManualLine } from '../../functions/store/manual-lines.ts';
import { readStamps, type StampKey } from '../../functions/store/stamps.ts';
import * as table from '../../functions/store/state-table.ts';
import { totalKey } from '../../functions/views/total-key.ts';
import { stampingViews } from '../../functions/views/view-stamps.ts';
import { aggregateKey } from '../../functions/views/week-aggregates.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ seed: false });
const deps = () => given.stack.deps;
const stampOf = async (key: StampKey) => (await readStamps(deps(), [key]))![0];

/** Runs the write and expects the stamp's token to have moved. */
async function expectMoves(stamp: StampKey, write: () => Promise<unknown>) {
  const before = await stampOf(stamp);
  await write();
  const after = await stampOf(stamp);
  expect(after?.token).toBeDefined();
  expect(after?.token).not.toBe(before?.token);
}

let next = 1;
/** A stamped partition kind: a fresh item of it each call, and the stamp it moves. */
const partitions = {
  'game rows': () => {
    const weekId = 20263300 + next++;
    const beginning = new Date(Date.UTC(2026, 10, next)).toISOString();
    return { item: { ...keys.game(weekId, next), id: next, weekId, beginning }, stamp: keys.weekGamesStamp(weekId) };
  },
  lines: () => {
    const weekId = 20263300 + next++;
    return { item: { ...keys.spread(4, weekId, next), homeSpread: -3 }, stamp: keys.weekGamesStamp(weekId) };
  },
  'manual lines': () => {
    const weekId = 20263300 + next++;
    const line = { affiliateId: 4, weekId, gameId: next, handicapId: next };
    return { item: { ...keys.manualLine(line), ...line, homeLine: 2 }, stamp: keys.weekGamesStamp(weekId) };
  },
  'client sports': () => {
    const clientId = next++;
    return { item: { ...keys.clientSport(clientId, 33), clientId }, stamp: keys.clientSportStamp(clientId, 33) };
  },
  'bonus starts': () => {
    const clientId = next++;
    return { item: { ...keys.bonusStart(clientId, 202633), clientId }, stamp: keys.clientSportStamp(clientId, 33) };
  },
};

const keyOf = ({ PK, SK }: { PK: string; SK: string }) => ({ PK, SK });

describe.each(Object.entries(partitions))('a write of %s moves their stamp', (_kind, fresh) => {
  it('putItem, putIfFree and batchPut', async () => {
    const [one, two, three] = [fresh(), fresh(), fresh()];
    await expectMoves(one.stamp, () => table.putItem(deps(), one.item));
    await expectMoves(two.stamp, () => table.putIfFree(deps(), two.item, () => false));
    await expectMoves(three.stamp, () => table.batchPut(deps(), [three.item]));
  });

  it('updateIf, deleteIf, deleteItem and batchDelete; a refused one moves nothing', async () => {
    const written = fresh();
    await table.putItem(deps(), written.item);
    const update = { set: 'SET touched = :t', when: 'attribute_exists(PK)', values: { ':t': 1 } };
    await expectMoves(written.stamp, () => table.updateIf(deps(), keyOf(written.item), update));
    const refused = await stampOf(written.stamp);
    expect(await table.updateIf(deps(), keyOf(written.item), { ...update, when: 'attribute_not_exists(PK)' })).toBe(
      false,
    );
    expect((await stampOf(written.stamp))?.token).toBe(refused?.token);
    const when = { when: 'touched = :t', values: { ':t': 1 } };
    await expectMoves(written.stamp, () => table.deleteIf(deps(), keyOf(written.item), when));
    await table.putItem(deps(), written.item);
    await expectMoves(written.stamp, () => table.deleteItem(deps(), keyOf(written.item)));
    await table.putItem(deps(), written.item);
    await expectMoves(written.stamp, () => table.batchDelete(deps(), [keyOf(written.item)]));
  });
});

describe('the store’s functions that write stamped partitions', () => {
  const sport = { ...defaultDayFlags, id: 33, name: 'NFL' } as Sport;
  const affiliate: Affiliate = { id: 4, sportId: 33, name: 'Book', url: 'https://book.example' };

  it('a client sport’s add, edit and removal, and a bonus start, move the client sport’s stamp', async () => {
    const clientId = 900 + next++;
    const stamp = keys.clientSportStamp(clientId, 33);
    let clientSport = await addClientSport(deps(), { clientId, sport, affiliate, days: {} });
    await expectMoves(stamp, async () => {
      clientSport = await editClientSport(deps(), clientSport, { allowMondayPicks: true });
    });
    await expectMoves(stamp, () => putBonusStart(deps(), { clientId, seasonId: 202633, bonusGamesStart: 'x' }));
    await expectMoves(stamp, () => removeClientSport(deps(), clientSport, new Date()));
    await expectMoves(stamp, () => addClientSport(deps(), { clientId, sport, affiliate, days: {} }));
  });

  it('a manual line moves its week’s games stamp', async () => {
    const weekId = 20263390;
    const line = {
      handicapId: 1,
      affiliateId: 4,
      sportId: 33,
      weekId,
      gameId: 1,
      homeLine: 3,
      actorId: 1,
      setAt: '',
      streamVersion: 1,
    };
    await expectMoves(keys.weekGamesStamp(weekId), () => putManualLine(deps(), line));
  });

  it('a slip command’s append moves its client week’s stamp; a command that appends nothing moves none', async () => {
    const appended: string[] = [];
    const events: EventStore = {
      ...deps().events,
      readStream: async () => ({ version: 0, commits: [] }),
      append: async (streamId) => appended.push(streamId),
    };
    const decider = {
      initialState: 0,
      evolve: (n: number) => n + 1,
      decide: (by: number) => (by ? [{ type: 'Moved', data: by }] : []),
    };
    const meta = { at: '', actor: 1, correlationId: 'stamp' };
    const stamp = keys.clientWeekStamp(77, 20263309);
    await expectMoves(stamp, () => handleCommand({ ...deps(), events }, 'slip#77#5#33#20263309', meta, decider, 1, {}));
    const held = await stampOf(stamp);
    await handleCommand({ ...deps(), events }, 'slip#77#5#33#20263309', meta, decider, 0, {});
    expect((await stampOf(stamp))?.token).toBe(held?.token);
    expect(appended).toEqual(['slip#77#5#33#20263309']);
  });
});

describe('the views’ writes, inside stampingViews (the projector’s apply step, the rename)', () => {
  const scope = { clientId: 61, sportId: 33, weekId: 20263304 };
  const views = { table: 'views' as const };

  it('a client week’s views move its stamp, a week aggregate the week it counts; a refused write moves none', async () => {
    const weekStamp = keys.clientWeekStamp(61, 20263304);
    await expectMoves(weekStamp, () =>
      stampingViews(deps(), 'week', (d) => table.putItem(d, { ...totalKey(scope, 12), weekPoints: 3 }, views)),
    );
    await expectMoves(keys.clientWeekStamp(61, 20263311), () =>
      stampingViews(deps(), 'week', (d) => table.batchPut(d, [{ ...aggregateKey(scope, 11), players: 2 }], 'views')),
    );
    const held = await stampOf(weekStamp);
    const refused = stampingViews(deps(), 'week', (d) =>
      table.putItem(d, { ...totalKey(scope, 12), weekPoints: 4 }, { ...views, when: 'attribute_not_exists(PK)' }),
    );
    await expect(refused).rejects.toThrow();
    expect((await stampOf(weekStamp))?.token).toBe(held?.token);
  });

  it('a rename’s writes move the client sport’s stamp', async () => {
    await expectMoves(keys.clientSportStamp(61, 33), () =>
      stampingViews(deps(), 'sport', (d) => table.putItem(d, { ...totalKey(scope, 12), displayName: 'Q' }, views)),
    );
  });
});

describe('what a stamp costs', () => {
  it('one bump per stamp a batch touched, whatever its items; a week’s rows put their kickoffs on it', async () => {
    const sent: { PK?: string }[] = [];
    const db = deps().db;
    const counted = {
      ...deps(),
      db: {
        send: (command: { input: { Key?: { PK: string } } }) => (
          sent.push({ PK: command.input.Key?.PK }),
          db.send(command as never)
        ),
      },
    } as unknown as Deps;
    const [weekA, weekB] = [20263370, 20263371];
    const rows = [weekA, weekB].flatMap((weekId) =>
      Array.from({ length: 30 }, (_, index) => ({
        ...keys.game(weekId, weekId * 100 + index),
        beginning: `2026-11-${10 + index}T18:00:00.000Z`,
      })),
    );
    const unstamped = Array.from({ length: 30 }, (_, index) => ({ ...keys.prize(55, index), name: 'p' }));
    await table.batchPut(counted, [...rows, ...unstamped]);
    const bumps = sent.filter(({ PK }) => PK?.startsWith(keys.stampPrefix));
    expect(bumps.map(({ PK }) => PK).sort()).toEqual([keys.weekGamesStamp(weekA).PK, keys.weekGamesStamp(weekB).PK]);
    expect((await stampOf(keys.weekGamesStamp(weekA)))?.kickoffs).toHaveLength(30);
    sent.length = 0;
    await table.batchPut(counted, unstamped);
    expect(sent.filter(({ PK }) => PK?.startsWith(keys.stampPrefix))).toEqual([]);
  });
});
