// Manual lines set while they were kept per client move to their affiliate (docs/rules.md, Spread): the lines on
// the games' streams stay as recorded and are read as the affiliate's, the latest in force for every client on it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '#domain/games/game-result.ts';
import { migrateClientManualLines } from '../../functions/betting/migrate-manual-lines.ts';
import { keys } from '../../functions/store/keys.ts';
import { batchDelete, putItem, queryAll } from '../../functions/store/state-table.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });
const nfl = 33;

type SpreadRow = ResponseOf<typeof contracts.spreadList>[number];

let admin: string;
let ids: { demo: number; rival: number; coach: number; rivalAdmin: number };
let affiliateId: number;
let weekId: number;
let games: SpreadRow[];

const spreadList = async () =>
  (
    await call(
      given.api,
      contracts.spreadList,
      { affiliateId: String(affiliateId), sportId: String(nfl), weekId: String(weekId) },
      admin,
    )
  ).body;

/** A line as the per-client code recorded it: an event naming the client, and the client's state item. */
async function clientLine(clientId: number, actorId: number, game: SpreadRow, change: { homeLine: number } | 'reset') {
  const { deps } = given.stack;
  const streamId = `game#${game.gameId}`;
  const { version } = await deps.events.readStream(streamId);
  const item = {
    PK: `MANUALLINES#${clientId}#${affiliateId}#${weekId}`,
    SK: `GAME#${String(game.gameId).padStart(10, '0')}`,
  };
  const at = deps.clock.now().toISOString();
  const common = { gameId: game.gameId, clientId, affiliateId, actorId, at };
  let event: GameEvent;
  if (change === 'reset') {
    const [earlier] = (await queryAll<{ handicapId: number; gameId: number }>(deps, item.PK)).filter(
      (line) => line.gameId === game.gameId,
    );
    event = { type: 'ManualLineCleared', data: { ...common, handicapId: earlier!.handicapId } };
    await putItem(deps, { ...item, ...earlier, clearedAt: at });
  } else {
    const handicapId = await deps.ids.next('handicap');
    event = { type: 'ManualLineSet', data: { ...common, handicapId, homeLine: change.homeLine } };
    await putItem(deps, {
      ...item,
      GSI1PK: `MANUALLINE#${handicapId}`,
      GSI1SK: 'MANUALLINE',
      ...common,
      sportId: nfl,
      weekId,
      handicapId,
      homeLine: change.homeLine,
      setAt: at,
    });
  }
  await deps.events.append(streamId, version, [event], { at, actor: actorId, correlationId: 'per-client-line' });
  return event.data.handicapId;
}

beforeAll(async () => {
  admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
  const clients = (await call(given.api, contracts.clientList, { limit: '100' }, admin)).body.data;
  const coach = await call(given.api, contracts.currentUser, {}, await given.api.signIn('coach'));
  const rivalAdmin = await call(
    given.api,
    contracts.currentUser,
    {},
    await given.api.signIn('rival-admin', undefined, 'rival'),
  );
  ids = {
    demo: clients.find((client) => client.domain === 'demo')!.id,
    rival: clients.find((client) => client.domain === 'rival')!.id,
    coach: coach.body.id,
    rivalAdmin: rivalAdmin.body.id,
  };
  affiliateId = (await call(given.api, contracts.clientSportList, { clientId: ids.demo }, admin)).body.find(
    (sport) => sport.sportId === nfl,
  )!.affiliateId;
  weekId = (await call(given.api, contracts.betList, { sportId: String(nfl) }, await given.api.signIn('alex'))).body
    .week!.id;
  games = (await spreadList()).filter((row) => row.editable && row.affiliateSpread);
});

describe('manual lines kept per client', () => {
  it('move to their affiliate: the latest line in force reaches every client’s players, a reset one none', async () => {
    const [both, resetOne, resetFirst] = games;
    await clientLine(ids.demo, ids.coach, both!, { homeLine: -6.5 });
    const rivalLine = await clientLine(ids.rival, ids.rivalAdmin, both!, { homeLine: -7 });
    await clientLine(ids.demo, ids.coach, resetOne!, { homeLine: -4 });
    await clientLine(ids.demo, ids.coach, resetOne!, 'reset');
    await clientLine(ids.demo, ids.coach, resetFirst!, { homeLine: -4 });
    const laterLine = await clientLine(ids.rival, ids.rivalAdmin, resetFirst!, { homeLine: -8 });
    // Demo's reset ends Demo's line only; Rival's, set later, stays in force.
    await clientLine(ids.demo, ids.coach, resetFirst!, 'reset');
    // The stack migrated its (empty) table on start; this database is made as an older release left it.
    await batchDelete(given.stack.deps, [keys.migration('manual-lines-per-affiliate')]);

    expect(await migrateClientManualLines(given.stack.deps)).toBe(5);

    const rows = await spreadList();
    const rowOf = (game: SpreadRow) => rows.find((row) => row.gameId === game.gameId)!;
    expect(rowOf(both!)).toMatchObject({ pointSpread: -7, handicapId: rivalLine });
    expect(rowOf(resetOne!)).toMatchObject({ pointSpread: resetOne!.affiliateSpread, handicapId: null });
    expect(rowOf(resetFirst!)).toMatchObject({ pointSpread: -8, handicapId: laterLine });
    for (const [login, domain] of [
      ['alex', 'demo'],
      ['jules', 'rival'],
    ] as const) {
      const bets = (
        await call(
          given.api,
          contracts.betList,
          { sportId: String(nfl) },
          await given.api.signIn(login, undefined, domain),
        )
      ).body.data;
      const lineOf = (game: SpreadRow) => bets.find((row) => row.gameId === game.gameId)!.homeSpread;
      expect([lineOf(both!), lineOf(resetOne!), lineOf(resetFirst!)], login).toEqual([
        -7,
        resetOne!.affiliateSpread,
        -8,
      ]);
    }
    for (const clientId of [ids.demo, ids.rival])
      expect(await queryAll(given.stack.deps, `MANUALLINES#${clientId}#${affiliateId}#${weekId}`)).toEqual([]);

    // The history keeps every line as it was set, and the migrated line resets like any other.
    const history = (await call(given.api, contracts.lineHistory, { gameId: both!.gameId }, admin)).body;
    expect(history.filter((change) => change.kind !== 'affiliate')).toEqual([
      expect.objectContaining({ kind: 'manual', homeLine: -6.5, actorName: 'Chris C.' }),
      expect.objectContaining({ kind: 'manual', homeLine: -7, actorName: 'Riley R.' }),
    ]);
    const reset = await call(
      given.api,
      contracts.useAffiliateSign,
      [{ handicapId: rivalLine, useAffiliateSpread: true }],
      admin,
    );
    expect(reset.status).toBe(200);
    expect((await spreadList()).find((row) => row.gameId === both!.gameId)!.pointSpread).toBe(both!.affiliateSpread);
  });

  it('move once: a second run finds the marker and changes nothing', async () => {
    expect(await migrateClientManualLines(given.stack.deps)).toBeUndefined();
  });
});
