// A player's new names in the views: each season row they have (one per sport), then the week totals
// of that row's weeks, so the leaderboard, which reads names from the totals, shows them at once.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { weekIdOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { getSeason, listSports } from '../store/catalogue.ts';
import { withoutKeys } from '../store/state-table.ts';
import { bumpStamp, clientSportStamp } from '../store/stamps.ts';
import { type Names, type SeasonRow, seasonKey, seasonWeeks } from './season-rows.ts';
import { totalKey } from './week-totals.ts';

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

export async function renamePlayer(deps: Deps, clientId: number, userId: number, names: Names) {
  const sports = await listSports(deps);
  await Promise.all(
    sports.map(async (sport) => {
      const scope = { clientId, sportId: sport.id };
      const [row, season] = await Promise.all([
        rename(deps, seasonKey(scope, userId), names),
        getSeason(deps, sport.id),
      ]);
      if (!row || !season) return;
      const weeks = [...seasonWeeks(withoutKeys<SeasonRow>(row)).keys()];
      await Promise.all(
        weeks.map((week) => rename(deps, totalKey({ ...scope, weekId: weekIdOf(season.id, week) }, userId), names)),
      );
      await bumpStamp(deps, clientSportStamp(clientId, sport.id));
    }),
  );
}
