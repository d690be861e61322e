// A views-layout change without downtime, through the jobs function's own entry point: the rebuild for a new
// layout writes beside the layout the deployed code serves, marks its layout built last, and leaves the served
// one alone until pruned; re-run on the serving layout (the catch-up after the switch) every read keeps answering.
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { contracts } from '#domain/contracts/api.ts';
import { createJobsHandler } from '../../functions/jobs/handler.ts';
import { batchDelete, type Key } from '../../functions/store/state-table.ts';
import { isOfThisLayout, layoutKey, viewsLayout } from '../../functions/views/layout.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9 (Wednesday 18 to Tuesday 24 November).
const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });
const jobs = () => createJobsHandler(() => given.stack.deps);

type Item = Key & Record<string, unknown>;
async function viewsItems(): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await given.stack.deps.db.send(
      new ScanCommand({ TableName: given.stack.deps.tables.views, ExclusiveStartKey }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort((a, b) => `${a.PK}|${a.SK}`.localeCompare(`${b.PK}|${b.SK}`));
}

/** Places the player's five picks on the week's first open games. */
async function placeBets(login: string) {
  const token = await given.api.signIn(login);
  const list = await call(given.api, contracts.betList, { sportId: 33 }, token);
  const games = list.body.data
    .filter((row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > thursday)
    .slice(0, 5);
  const bets = [20, 10, 10, 5, 5].map((points, index) => ({
    gameId: games[index]!.gameId,
    teamId: games[index]!.homeTeamId,
    points,
  }));
  expect((await call(given.api, contracts.setBets, { bets }, token)).status).toBe(200);
}

async function balanceLogins(token: string) {
  const answer = await call(given.api, contracts.balance, { sportId: 33, weekId: 20263309, limit: 100 }, token);
  expect(answer.status).toBe(200);
  return answer.body.rows.map((row) => row.userDisplayName).sort();
}

describe('rebuilding the views for a new layout', () => {
  it('writes the new layout beside the served one, marks it built last, and drops the old one only when pruned', async () => {
    await placeBets('alex');
    await given.stack.settled();
    const current = (await viewsItems()).filter(isOfThisLayout);
    expect(current.some((item) => String(item.PK).includes('TOTALS#'))).toBe(true);

    // As right after deploying code of this layout beside the code of the layout before: the old layout's
    // items are what is served, and this layout is not built yet.
    const older = `L${viewsLayout - 1}#`;
    const served = current.map((item) => ({ ...item, PK: older + String(item.PK).slice(`L${viewsLayout}#`.length) }));
    for (const item of served)
      await given.stack.deps.db.send(new PutCommand({ TableName: given.stack.deps.tables.views, Item: item }));
    await batchDelete(
      given.stack.deps,
      current.map(({ PK, SK }) => ({ PK, SK })),
      'views',
    );

    const rebuilt = await jobs()({ operation: 'rebuild-views' });
    expect(rebuilt).toMatchObject({ layout: viewsLayout, commits: expect.any(Number) });
    const after = await viewsItems();
    const built = after.filter(isOfThisLayout);
    expect(built).toEqual(current);
    expect(after.filter((item) => !isOfThisLayout(item))).toEqual(
      served.sort((a, b) => `${a.PK}|${a.SK}`.localeCompare(`${b.PK}|${b.SK}`)),
    );
    expect(built.find((item) => item.PK === layoutKey().PK)).toMatchObject({ version: viewsLayout });

    expect(await jobs()({ operation: 'prune-views' })).toEqual({ layout: viewsLayout, deleted: served.length });
    expect((await viewsItems()).every(isOfThisLayout)).toBe(true);
  });

  it('re-run on the serving layout, keeps every read answering and loses no pick placed meanwhile', async () => {
    const token = await given.api.signIn('alex');
    const before = await balanceLogins(token);
    expect(before.length).toBeGreaterThan(0);

    let rebuilding = true;
    const rebuild = jobs()({ operation: 'rebuild-views' }).finally(() => (rebuilding = false));
    const reads: string[][] = [];
    const meanwhile = placeBets('jordan');
    while (rebuilding) reads.push(await balanceLogins(token));
    await Promise.all([rebuild, meanwhile]);
    await given.stack.settled();

    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toEqual(expect.arrayContaining(before));
    const after = await balanceLogins(token);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after.length).toBe(before.length + 1);
  });
});
