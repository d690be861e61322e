// The season rides on each player's latest week total (views/season-rows.ts): one item per player in the
// season index, found through the player's pointer, and a move to a newer week that a crash cut short is
// finished by the redelivery of the commit, leaving neither a second entry in the index nor a lost season.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { weekIdOf, weekNumberOf, seasonOfWeek } from '#domain/season/weeks.ts';
import { recomputePlayerWeek } from '../../functions/projector/recompute.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { batchPut } from '../../functions/store/state-table.ts';
import {
  type SeasonRow,
  seasonKey,
  seasonPointer,
  seasonPointerItem,
  seasonRow,
  seasonRows,
  seasonWeekIds,
} from '../../functions/views/season-rows.ts';
import { getSeason } from '../../functions/store/catalogue.ts';
import { draftOf, weekTotalItem, weekTotalRow } from '../../functions/views/week-totals.ts';
import { useTestStack } from './support/test-stack.ts';

// Sunday 12:00 in New York, week 9: weeks 1–8 are over.
const given = useTestStack({ now: '2026-11-22T17:00:00Z' });

async function alexSeason() {
  const { deps } = given.stack;
  await given.stack.settled();
  const demo = (await findClientByDomain(deps, 'demo'))!;
  const alex = (await findUserByLogin(deps, demo.id, 'alex'))!;
  const scope = { clientId: demo.id, sportId: 33, seasonId: (await getSeason(deps, 33))!.id };
  const pointer = (await seasonPointer(deps, scope, alex.id))!;
  const entries = async () => (await seasonRows(deps, scope)).filter((row) => row.userId === alex.id);
  return { deps, scope, userId: alex.id, latestWeekId: pointer.latestWeekId, entries };
}

describe('the season on the latest total', () => {
  it('only the latest total carries the season and stands in the season index; the earlier ones hold their YTD', async () => {
    const { deps, scope, userId, latestWeekId, entries } = await alexSeason();
    const season = (await seasonRow(deps, scope, userId))!;
    const weekIds = seasonWeekIds(season, latestWeekId);
    expect(weekIds.at(-1)).toBe(latestWeekId);
    expect(weekIds.length).toBeGreaterThan(1);
    expect(await entries()).toEqual([season]);
    for (const weekId of weekIds) {
      const total = (await weekTotalRow(deps, { ...scope, weekId }, userId))!;
      expect(total.season !== undefined).toBe(weekId === latestWeekId);
    }
  });

  it('a crash between the newer latest total and the pointer: the redelivery leaves one entry and the whole season', async () => {
    const { deps, scope, userId, latestWeekId, entries } = await alexSeason();
    const season = (await seasonRow(deps, scope, userId))!;
    const earlierWeekId = weekIdOf(seasonOfWeek(latestWeekId), weekNumberOf(latestWeekId) - 1);
    const earlier = { ...scope, weekId: earlierWeekId };
    // As the move left it when the process died: the earlier total still carrying the season before the
    // latest week, and the pointer still naming it.
    const seasonBefore: SeasonRow = { ...season };
    delete seasonBefore[`s${weekNumberOf(latestWeekId)}`];
    const earlierTotal = (await weekTotalRow(deps, earlier, userId))!;
    await batchPut(
      deps,
      [
        weekTotalItem(earlier, { ...draftOf(earlierTotal), season: seasonBefore }),
        seasonPointerItem(scope, { userId, latestWeekId: earlierWeekId }),
      ],
      'views',
    );
    expect(await entries()).toHaveLength(2);

    await recomputePlayerWeek(deps, { ...scope, weekId: latestWeekId }, userId);

    expect(await entries()).toEqual([season]);
    expect(await seasonPointer(deps, scope, userId)).toEqual({ userId, latestWeekId });
    expect((await weekTotalRow(deps, earlier, userId))!.season).toBeUndefined();
    expect(await seasonRow(deps, scope, userId)).toEqual(season);
  });

  it('a crash between a first latest total and its pointer: the redelivery writes the pointer', async () => {
    const { deps, scope, userId, latestWeekId, entries } = await alexSeason();
    const season = (await seasonRow(deps, scope, userId))!;
    // As a player's first pick of the season left it when the process died: the total carrying the season
    // written, the pointer to it not yet.
    await deps.db.send(new DeleteCommand({ TableName: deps.tables.views, Key: seasonKey(scope, userId) }));
    expect(await seasonPointer(deps, scope, userId)).toBeUndefined();

    await recomputePlayerWeek(deps, { ...scope, weekId: latestWeekId }, userId);

    expect(await seasonPointer(deps, scope, userId)).toEqual({ userId, latestWeekId });
    expect(await entries()).toEqual([season]);
    expect(await seasonRow(deps, scope, userId)).toEqual(season);
  });
});
