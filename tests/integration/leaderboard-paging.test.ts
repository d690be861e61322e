import { describe, expect, it } from 'vitest';
import { seasonAggregates } from '#domain/scoring/week-aggregates.ts';
import { rankBy } from '#domain/scoring/week-scores.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { seasonRows, seasonScopeOf, seasonWeeks } from '../../functions/views/season-rows.ts';
import { seasonAggregateRows } from '../../functions/views/week-aggregates.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf, ResponseOf } from '#domain/contracts/contract.ts';
import { call, send } from './support/call.ts';
import { routeOf } from './support/route-of.ts';
import { useTestStack } from './support/test-stack.ts';

// Sunday 12:00 in New York, week 9: weeks 1–8 are over.
const sunday = '2026-11-22T17:00:00Z';
const given = useTestStack({ now: sunday });
const week8 = 20263308;

type Row = ResponseOf<typeof contracts.balance>['rows'][number];
type Query = Partial<RequestOf<typeof contracts.balance>>;

const balance = (token: string, query: Query) =>
  call(given.api, contracts.balance, { sportId: 33, weekId: week8, ...query }, token);

async function page(token: string, query: Query) {
  const answer = await balance(token, query);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Every page of an order, following the cursors. */
async function allPages(token: string, query: Query) {
  const pages = [await page(token, query)];
  while (pages.at(-1)!.nextCursor) pages.push(await page(token, { ...query, cursor: pages.at(-1)!.nextCursor! }));
  return pages;
}

const orders = [
  { sort: 'week', direction: 'desc', value: (row: Row) => row.weekPoints },
  { sort: 'week', direction: 'asc', value: (row: Row) => row.weekPoints },
  { sort: 'ytd', direction: 'desc', value: (row: Row) => row.totalSeasonBalance },
  { sort: 'ytd', direction: 'asc', value: (row: Row) => row.totalSeasonBalance },
] as const;

describe('the leaderboard, page by page', () => {
  it.each(orders)(
    'pages of 4 by $sort $direction continue by cursor in that order; ranks are standings, highest first, ties sharing (1, 2, 2, 4)',
    async ({ sort, direction, value }) => {
      const coach = await given.api.signIn('coach');
      const pages = await allPages(coach, { sort, direction, limit: 4 });
      const rows = pages.flatMap((each) => each.rows);
      expect(pages[0]!.rows).toHaveLength(4);
      expect(pages.length).toBeGreaterThan(2);
      expect(new Set(rows.map((row) => row.userId)).size).toBe(rows.length);
      expect(rows.length).toBe(pages[0]!.players);
      const values = rows.map(value);
      expect(values).toEqual([...values].sort((a, b) => (direction === 'desc' ? b - a : a - b)));
      // A rank is the standing by the chosen column, highest first, also on an ascending page (docs/rules.md, Ranking).
      const standing = new Map(rankBy(rows, value).map((row) => [row.userId, row.rank]));
      expect(rows.map((row) => row.rank)).toEqual(rows.map((row) => standing.get(row.userId)));
      // The demo's week 8 has ties: the ranks show them, across page ends too.
      expect(new Set(rows.map((row) => row.rank)).size).toBeLessThan(rows.length);
    },
  );

  it('the first page brings the caller’s own row with its rank wherever it stands; later pages do not', async () => {
    const coach = await given.api.signIn('coach');
    const everyone = (await allPages(coach, { limit: 100 })).flatMap((each) => each.rows);
    const last = everyone.at(-1)!;
    const lastLogin = (await call(given.api, contracts.userList, { limit: '100' }, coach)).body.data.find(
      (user) => user.id === last.userId,
    )!.login;
    const far = await given.api.signIn(lastLogin);
    const first = await page(far, { limit: 2 });
    expect(first.rows.map((row) => row.userId)).not.toContain(last.userId);
    expect(first.me).toMatchObject({ userId: last.userId, rank: last.rank, weekPoints: last.weekPoints });
    expect(first.players).toBe(everyone.length);
    const byYtd = (await allPages(far, { sort: 'ytd', limit: 100 })).flatMap((each) => each.rows);
    expect((await page(far, { sort: 'ytd', limit: 2 })).me!.rank).toBe(
      byYtd.find((row) => row.userId === last.userId)!.rank,
    );
    const second = await page(far, { limit: 2, cursor: first.nextCursor! });
    expect(second.me).toBeUndefined();
  });

  it('a page is one tenant’s: a cursor of another client, order or a made-up one is refused with 400', async () => {
    const coach = await given.api.signIn('coach');
    const jules = await given.api.signIn('jules', 'pickem-demo', 'rival');
    const demoPlayers = new Set((await page(coach, { limit: 100 })).rows.map((row) => row.userId));
    const rival = await page(jules, { limit: 100 });
    expect(rival.rows.length).toBeGreaterThan(0);
    expect(rival.rows.some((row) => demoPlayers.has(row.userId))).toBe(false);

    const cursor = (await page(coach, { limit: 2 })).nextCursor!;
    for (const [token, query] of [
      [jules, { limit: 2, cursor }],
      [coach, { limit: 2, sort: 'ytd', cursor }],
      [coach, { limit: 2, direction: 'asc', cursor }],
      [coach, { cursor: 'not-a-cursor' }],
      [coach, { cursor: Buffer.from('{"key":{"PK":1}}').toString('base64url') }],
    ] as const) {
      const answer = await balance(token, query);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('The cursor is not valid');
    }
    expect((await balance(coach, { limit: 101 })).status).toBe(400);
    expect((await send(given.api, contracts.balance, { sportId: 33, weekId: week8, sort: 'name' }, coach)).status).toBe(
      400,
    );
  });

  it('cells carry team ids; the team map names them once, and answers 304 to its own ETag', async () => {
    const coach = await given.api.signIn('coach');
    const teamIds = (await page(coach, { limit: 100 })).rows
      .map((row) => row.twentyPoint.teamId)
      .filter((id) => id !== null);
    const map = await call(given.api, contracts.teamMap, { sportId: 33 }, coach);
    expect(map.status).toBe(200);
    const known = new Set(map.body.map((team) => team.id));
    expect(teamIds.length).toBeGreaterThan(0);
    expect(teamIds.every((id) => known.has(id))).toBe(true);
    const etag = map.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    // Probe: the raw If-None-Match header is the point.
    const again = await given.api.call('GET', `${routeOf(contracts.teamMap)}?sportId=33`, {
      token: coach,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const stale = await given.api.call('GET', `${routeOf(contracts.teamMap)}?sportId=33`, {
      token: coach,
      headers: { 'if-none-match': '"another"' },
    });
    expect(stale.status).toBe(200);
  });

  it('the week aggregates equal a recount of every player’s season, and Overall Stats add them up', async () => {
    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const scope = { clientId: demo.id, sportId: 33, weekId: week8 };
    const recount = seasonAggregates((await seasonRows(given.stack.deps, seasonScopeOf(scope))).map(seasonWeeks));
    expect(await seasonAggregateRows(given.stack.deps, scope)).toEqual(recount);
    const overall = (
      await call(given.api, contracts.stats, { sportId: 33, weekId: week8 }, await given.api.signIn('coach'))
    ).body;
    const wins = [...recount].filter(([week]) => week <= 8).reduce((sum, [, counters]) => sum + (counters.t0 ?? 0), 0);
    expect(overall.totalWins).toBe(wins);
  });

  it('a player who changes their name shows the new name on the leaderboard at once, in every week they played', async () => {
    const alex = await given.api.signIn('alex');
    const id = (await call(given.api, contracts.currentUser, {}, alex)).body.id;
    const names = { displayName: 'Alex the Great', firstName: 'Alexander', lastName: 'Carter' };
    expect((await call(given.api, contracts.editUser, { id, ...names }, alex)).status).toBe(200);
    const coach = await given.api.signIn('coach');
    const shown = {
      userId: id,
      userDisplayName: names.displayName,
      firstName: names.firstName,
      lastName: names.lastName,
    };
    for (const weekId of [week8, week8 - 1]) {
      const answer = await balance(coach, { weekId, limit: 100 });
      expect(answer.body.rows.find((row) => row.userId === id)).toMatchObject(shown);
    }
    expect((await page(alex, { limit: 1 })).me).toMatchObject(shown);
  });
});
