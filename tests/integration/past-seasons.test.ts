// Past seasons (issue 38, item 7): Start New Season keeps the last one readable. The demo holds last NFL season,
// played and graded, so its leaderboard, its season chart and a player's picks of it answer; and a new season
// starts every player's season afresh (its year to date carries nothing over).
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { call, send } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Sunday 12:00 in New York, week 9 of the 2026 season: weeks 1–8 are over.
const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const current = 202633;
const last = 202533;
const lastWeek = 20253318;

describe('past seasons', () => {
  it('season-list with history answers every season of the sport, newest first, the current one flagged', async () => {
    const alex = await given.api.signIn('alex');
    const history = await call(given.api, contracts.seasonList, { sportId: [33], history: true }, alex);
    expect(history.status).toBe(200);
    expect(history.body.map((season) => [season.id, season.year, season.current])).toEqual([
      [current, 2026, true],
      [last, 2025, false],
    ]);
    // Without history: the current season only, as every page has always asked for it.
    const now = await call(given.api, contracts.seasonList, { sportId: [33] }, alex);
    expect(now.body.map((season) => season.id)).toEqual([current]);
  });

  it("a past season's weeks are listed by its id; another sport's season or an unknown one is refused", async () => {
    const alex = await given.api.signIn('alex');
    const weeks = await call(given.api, contracts.weekList, { sportId: 33, seasonId: last }, alex);
    expect(weeks.status).toBe(200);
    expect(weeks.body).toHaveLength(18);
    expect(weeks.body.every((week) => week.seasonId === last && week.sportId === 33)).toBe(true);
    expect(weeks.body.at(-1)!.endDate < '2026-09-30').toBe(true);
    const otherSport = await call(given.api, contracts.weekList, { sportId: 35, seasonId: last }, alex);
    expect(otherSport.status).toBe(404);
    expect(otherSport.body.error).toMatch(/no season 202533 of sport 35/);
    const unknown = await call(given.api, contracts.weekList, { sportId: 33, seasonId: 201933 }, alex);
    expect(unknown.status).toBe(404);
    const malformed = await send(given.api, contracts.weekList, { sportId: 33, seasonId: 'last' }, alex);
    expect(malformed.status).toBe(400);
  });

  it("last season's final leaderboard stays readable: graded picks shown, the year to date its weeks' sum", async () => {
    const alex = await given.api.signIn('alex');
    const board = await call(given.api, contracts.balance, { sportId: 33, weekId: lastWeek, limit: 100 }, alex);
    expect(board.status).toBe(200);
    expect(board.body.rows.length).toBeGreaterThan(10);
    const leader = board.body.rows[0]!;
    // A past week's picks have all kicked off: every player's are shown, graded.
    expect(leader.twentyPoint.hidden).toBe(false);
    expect(leader.twentyPoint.BetResult).not.toBeNull();
    const chart = await call(given.api, contracts.seasonPoints, { sportId: 33, seasonId: last }, alex);
    expect(chart.status).toBe(200);
    for (const player of chart.body) {
      expect(Object.keys(player.weekPoints).length).toBeLessThanOrEqual(18);
      const sum = Object.values(player.weekPoints).reduce((total, points) => total + points, 0);
      expect(player.totalSeasonBalance).toBe(sum);
      const row = board.body.rows.find((each) => each.userId === player.userId);
      if (row) expect(row.totalSeasonBalance).toBe(sum);
    }
  });

  it("a new season starts every player's year to date afresh: week 1's YTD is week 1's points", async () => {
    const alex = await given.api.signIn('alex');
    const week1 = await call(given.api, contracts.balance, { sportId: 33, weekId: 20263301, limit: 100 }, alex);
    expect(week1.status).toBe(200);
    expect(week1.body.rows.length).toBeGreaterThan(5);
    for (const row of week1.body.rows) expect(row.totalSeasonBalance).toBe(row.weekPoints);
    // The current season's chart holds this season's weeks only.
    const chart = await call(given.api, contracts.seasonPoints, { sportId: 33 }, alex);
    for (const player of chart.body)
      expect(Math.max(...Object.keys(player.weekPoints).map(Number))).toBeLessThanOrEqual(9);
  });

  it("a player's picks of a past week answer graded (My Picks), and that season's stats are its own", async () => {
    const alex = await given.api.signIn('alex');
    const picks = await call(given.api, contracts.betList, { sportId: 33, weekId: 20253305 }, alex);
    expect(picks.status).toBe(200);
    const mine = picks.body.data.filter((row) => row.points > 0);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.betResult !== 0 || row.eventStatus !== 2)).toBe(true);
    const stats = await call(given.api, contracts.stats, { sportId: 33, weekId: lastWeek }, alex);
    const now = await call(given.api, contracts.stats, { sportId: 33, weekId: 20263308 }, alex);
    expect(stats.body.totalBetsCount).toBeGreaterThan(now.body.totalBetsCount);
    // A season's last week, over: its 'Last week' tiles are that week's, as after the season the dashboard shows it.
    const board = await call(given.api, contracts.balance, { sportId: 33, weekId: lastWeek, limit: 100 }, alex);
    expect(board.body.me).toBeTruthy();
    expect(stats.body.lastWeekPoints).toBe(board.body.me!.weekPoints);
  });

  it("another client sees its own past season only, and a client's season list names only its sports", async () => {
    const jules = await given.api.signIn('jules', undefined, 'rival');
    const board = await call(given.api, contracts.balance, { sportId: 33, weekId: lastWeek, limit: 100 }, jules);
    expect(board.status).toBe(200);
    expect(board.body.rows.length).toBeLessThanOrEqual(4);
    const nba = await call(given.api, contracts.seasonList, { sportId: [35], history: true }, jules);
    expect(nba.body).toEqual([]);
  });

  it('a client that joined after last season lists the current season only: nothing to show is not offered', async () => {
    const sysadmin = await given.api.signIn('admin', adminPassword, 'admin');
    const created = await call(given.api, contracts.createClient, { name: 'Newcomers', domain: 'newcomers' }, sysadmin);
    expect(created.status).toBe(201);
    const clientId = created.body.id;
    const nfl = { clientId, sportId: 33, affiliateId: 1 };
    expect((await call(given.api, contracts.addClientSport, nfl, sysadmin)).status).toBe(201);
    const history = await call(given.api, contracts.seasonList, { clientId, sportId: [33], history: true }, sysadmin);
    expect(history.body.map((season) => [season.id, season.current])).toEqual([[current, true]]);
  });
});
