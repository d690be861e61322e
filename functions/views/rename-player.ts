// A player's new names in the views: in each season of each sport they play, their latest total (it carries the season), then
// the totals of the season's other weeks, so the leaderboard, which reads names from the totals, shows them at once.
// The names are the client sport's: its stamp moves once per sport renamed in, by construction (view-stamps.ts).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { listSeasons, listSports } from '../store/catalogue.ts';
import { type Names, seasonOf, seasonPointer, seasonWeekIds } from './season-rows.ts';
import { totalKey } from './total-key.ts';
import { stampingViews } from './view-stamps.ts';

/** Sets the names on an existing item; undefined when there is none (nothing to rename). */
async function rename(deps: Deps, Key: Record<string, string>, names: Names) {
  try {
    const answer = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.views,
        Key,
        UpdateExpression: 'SET displayName = :d, firstName = :f, lastName = :l',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':d': names.displayName, ':f': names.firstName, ':l': names.lastName },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return answer.Attributes;
  } catch (error) {
    // No item yet: the projector writes it with the names as they are then.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return undefined;
  }
}

export const renamePlayer = (deps: Deps, clientId: number, userId: number, names: Names) =>
  stampingViews(deps, 'sport', (views) => renameInSeasons(views, clientId, userId, names));

async function renameInSeasons(deps: Deps, clientId: number, userId: number, names: Names) {
  const sports = await listSports(deps);
  const seasons = (await Promise.all(sports.map((sport) => listSeasons(deps, sport.id)))).flat();
  await Promise.all(
    seasons.map(async ({ id: seasonId, sportId }) => {
      const scope = { clientId, sportId, seasonId };
      const pointer = await seasonPointer(deps, scope, userId);
      if (!pointer) return;
      const latest = await rename(deps, totalKey({ ...scope, weekId: pointer.latestWeekId }, userId), names);
      if (latest?.season === undefined) return;
      const season = seasonOf(latest as { userId: number; season: string } & Names);
      const earlier = seasonWeekIds(season, pointer.latestWeekId).filter((weekId) => weekId !== pointer.latestWeekId);
      await Promise.all(earlier.map((weekId) => rename(deps, totalKey({ ...scope, weekId }, userId), names)));
    }),
  );
}
