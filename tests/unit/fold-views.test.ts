// The views' rules, from events to items, through both drivers of the views' definitions: the rebuild's fold and the
// live projector on dynalite, each commit twice (tests/support/projection-spec.ts).
import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { type SlipEvent, slipStreamId } from '#domain/betting/slip.ts';
import { gameStreamId } from '#domain/games/game-result.ts';
import { weekStreamId } from '#domain/scoring/close-week.ts';
import { viewsPartition } from '../../functions/views/layout.ts';
import { penaltyKey } from '../../functions/views/penalties.ts';
import { aggregateKey, liveCountsKey } from '../../functions/views/week-aggregates.ts';
import { seasonKey } from '../../functions/views/season-rows.ts';
import { slipCellsKey } from '../../functions/views/slip-cells.ts';
import { totalKey } from '../../functions/views/total-key.ts';
import { commitOf } from '../support/in-memory-event-store.ts';
import { projectionSpec } from '../support/projection-spec.ts';

const alex = 7;
const sam = 8;
const week8 = { clientId: 1, sportId: 33, weekId: 20263308 };
const week9 = { ...week8, weekId: 20263309 };
const season = { clientId: 1, sportId: 33, seasonId: 202633 };
const kickoff = '2026-11-22T18:00:00.000Z';
const { given, overlapping } = projectionSpec({
  kickoffOf: () => () => kickoff,
  namesIn: () =>
    new Map([
      [alex, { displayName: 'Alex', firstName: 'Alex', lastName: 'Doe' }],
      [sam, { displayName: 'Sam', firstName: 'Sam', lastName: 'Roe' }],
    ]),
});

// A game's home team is 100 + its id, the away team 200 + its id. Alex's picks are on the home team at +3.
const placed = (gameId: number, points: number, teamId = 100 + gameId, userId = alex): SlipEvent => ({
  type: 'BetPlaced',
  data: {
    betId: `${userId}-${gameId}`,
    gameId,
    teamId,
    points,
    line: 3,
    isBonus: false,
    placedAt: kickoff,
    actorId: userId,
  },
});
const cancelled = (gameId: number): SlipEvent => ({
  type: 'BetCancelled',
  data: { betId: `${alex}-${gameId}`, gameId, cancelledAt: kickoff, actorId: alex },
});
const slip = (week: typeof week9, version: number, ...events: SlipEvent[]) =>
  commitOf(slipStreamId({ ...week, userId: alex }), version, ...events);
const samsSlip = (week: typeof week9, version: number, ...events: SlipEvent[]) =>
  commitOf(slipStreamId({ ...week, userId: sam }), version, ...events);
const result = (week: typeof week9, gameId: number, homeScore: number, awayScore: number, version = 1) =>
  commitOf(gameStreamId(gameId), version, {
    type: 'GameResultRecorded',
    data: {
      gameId,
      sportId: week.sportId,
      weekId: week.weekId,
      homeTeamId: 100 + gameId,
      beginning: kickoff,
      status: GameStatus.Finished,
      homeScore,
      awayScore,
      recordedAt: kickoff,
    },
  });
const liveScore = (week: typeof week9, gameId: number, homeScore: number, awayScore: number, version: number) =>
  commitOf(gameStreamId(gameId), version, {
    type: 'GameScoreUpdated',
    data: {
      gameId,
      sportId: week.sportId,
      weekId: week.weekId,
      homeTeamId: 100 + gameId,
      homeScore,
      awayScore,
      period: 2,
      clock: '8:17 - 2nd',
      status: GameStatus.Live,
      updatedAt: kickoff,
    },
  });

describe('the views folded from the events', () => {
  it("a slip's commits make one cells fact: its live picks in game order, a cancelled pick gone, at the latest version", async () => {
    await given(slip(week9, 1, placed(92, 5), placed(91, 20), placed(93, 10)), slip(week9, 2, cancelled(93))).then({
      ...slipCellsKey(week9, alex),
      version: 2,
      cells: [
        { gameId: 91, teamId: 191, line: 3, points: 20, isBonus: false, beginning: kickoff },
        { gameId: 92, teamId: 192, line: 3, points: 5, isBonus: false, beginning: kickoff },
      ],
    });
  });

  it('a result grades the week total: a won 20 and a lost 10 make 10 week points, and the year to date', async () => {
    // 21–17 home: won at +3. 10–20 home: −10 + 3 = −7, lost.
    await given(
      slip(week9, 1, placed(91, 20), placed(92, 10)),
      result(week9, 91, 21, 17),
      result(week9, 92, 10, 20),
    ).then({
      ...totalKey(week9, alex),
      weekPoints: 10,
      wins: 1,
      losses: 1,
      winnings: 20,
      ytd: 10,
      displayName: 'Alex',
    });
  });

  it('a missed-picks penalty is a fact of its own and counts in the week total', async () => {
    await given(
      commitOf(weekStreamId(week9.clientId, week9.sportId, week9.weekId), 1, {
        type: 'MissedPicksPenalized',
        data: { userId: alex, points: -50 },
      }),
    ).then(
      { ...penaltyKey(week9, alex), points: -50, version: 1 },
      { ...totalKey(week9, alex), penalty: -50, weekPoints: -50 },
    );
  });

  it("only a player's latest week carries the season; year to date adds the weeks before", async () => {
    const spec = given(
      slip(week8, 1, placed(81, 20)),
      result(week8, 81, 30, 0),
      slip(week9, 1, placed(91, 10)),
      result(week9, 91, 30, 0),
    );
    await spec.then(
      { ...totalKey(week8, alex), weekPoints: 20, ytd: 20 },
      { ...totalKey(week9, alex), weekPoints: 10, ytd: 30 },
      { ...seasonKey(season, alex), latestWeekId: week9.weekId },
    );
    const totals = (await spec.items()).filter(
      (item): item is typeof item & { weekId: number } => 'weekPoints' in item,
    );
    expect(totals.map((item) => [item.SK, 'season' in item, item.weekId])).toEqual([
      [totalKey(week8, alex).SK, false, week8.weekId],
      [totalKey(week9, alex).SK, true, week9.weekId],
    ]);
  });

  it('a live score moves only the live week points; the graded week waits for the result', async () => {
    await given(slip(week9, 1, placed(91, 20)), liveScore(week9, 91, 14, 0, 1)).then({
      ...totalKey(week9, alex),
      weekPoints: 0,
      liveWeekPoints: 20,
    });
    // The result, a newer version of the game's stream, supersedes the live score.
    await given(slip(week9, 1, placed(91, 20)), liveScore(week9, 91, 14, 0, 1), result(week9, 91, 14, 24, 2)).then({
      ...totalKey(week9, alex),
      weekPoints: -20,
      liveWeekPoints: -20,
    });
  });

  it('a commit delivered again, even after a later one, folds as if delivered once: a cancelled pick stays cancelled', async () => {
    const picks = slip(week9, 1, placed(91, 20), placed(92, 10));
    const cancel = slip(week9, 2, cancelled(92));
    const final = result(week9, 91, 21, 17);
    expect(await given(picks, cancel, final, final, picks).items()).toEqual(await given(picks, cancel, final).items());
    await given(picks, cancel).thenNo(penaltyKey(week9, alex));
  });

  it("a started game's pick shares, the week's aggregate and its live counts count every player of the client week", async () => {
    // 21–17 home: alex (home, +3) wins 20; sam (away, +3: 17 − 21 + 3) loses 10.
    await given(
      slip(week9, 1, placed(91, 20)),
      samsSlip(week9, 1, placed(91, 10, 291, sam)),
      result(week9, 91, 21, 17),
    ).then(
      { PK: viewsPartition('PICKSHARE#1#33#20263309'), SK: '0000000091', teams: { 191: 1, 291: 1 } },
      { ...aggregateKey(week9, 9), week: 9, w20: 1, 'w-10': 1, y20: 1, 'y-10': 1 },
      { ...liveCountsKey(week9), l20: 1, 'l-10': 1 },
    );
  });

  it("a late result of an earlier week moves the later week's year to date, its aggregate and the season", async () => {
    await given(
      slip(week8, 1, placed(81, 20)),
      slip(week9, 1, placed(91, 10)),
      result(week9, 91, 30, 0),
      result(week8, 81, 30, 0),
    ).then(
      { ...totalKey(week8, alex), weekPoints: 20, ytd: 20 },
      { ...totalKey(week9, alex), weekPoints: 10, ytd: 30 },
      { ...aggregateKey(week9, 8), w20: 1, y20: 1 },
      { ...aggregateKey(week9, 9), w10: 1, y30: 1 },
      { ...seasonKey(season, alex), latestWeekId: week9.weekId },
    );
  });

  it("a penalty after a result, and a pick projected after its game's result, count as if they came first", async () => {
    const penalized = commitOf(weekStreamId(week9.clientId, week9.sportId, week9.weekId), 1, {
      type: 'MissedPicksPenalized',
      data: { userId: sam, points: -50 },
    });
    await given(result(week9, 91, 21, 17), slip(week9, 1, placed(91, 20)), penalized).then(
      { PK: viewsPartition('PICKSHARE#1#33#20263309'), SK: '0000000091', teams: { 191: 1 } },
      { ...totalKey(week9, sam), penalty: -50, weekPoints: -50, ytd: -50 },
      { ...aggregateKey(week9, 9), w20: 1, 'w-50': 1 },
    );
  });

  it('two results of a week projected at once (two stream shards on AWS) leave what the rebuild folds', async () => {
    // Both players picked both games; one invocation records game 91's result while another records game 92's.
    const shown = await overlapping(
      slip(week9, 1, placed(91, 20), placed(92, 10)),
      samsSlip(week9, 1, placed(91, 20, 291, sam), placed(92, 10, 292, sam)),
      result(week9, 91, 21, 17),
      result(week9, 92, 10, 20),
    );
    expect(shown).toEqual([]);
  });

  it('a pick and a result of its week projected at once leave what the rebuild folds', async () => {
    const shown = await overlapping(
      slip(week9, 1, placed(91, 20)),
      samsSlip(week9, 1, placed(91, 20, 291, sam)),
      result(week9, 91, 21, 17),
      slip(week9, 2, placed(92, 10)),
    );
    expect(shown).toEqual([]);
  });

  it('a late result of a week and a pick of the next projected at once leave what the rebuild folds', async () => {
    // The result moves Alex's year to date in week 9, where his new pick is projected at the same time.
    const shown = await overlapping(
      slip(week8, 1, placed(81, 20)),
      slip(week9, 1, placed(91, 10)),
      result(week8, 81, 21, 17),
      slip(week9, 2, placed(92, 5)),
    );
    expect(shown).toEqual([]);
  });
});
