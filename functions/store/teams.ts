// Changes to the catalogue's teams: their details and their logo. A team is written only while it
// exists, so an edit never brings back a team that is gone (404).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Team } from '#domain/catalogue/types.ts';
import { NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;
export type TeamRef = Pick<Team, 'id' | 'sportId'>;

export const unknownTeam = ({ id, sportId }: TeamRef) =>
  new NotFoundError(`There is no team ${id} of sport ${sportId}`, 'UNKNOWN_TEAM');

/** Sets the given fields of an existing team and answers the team as saved; other fields (feed ids) stay. */
export async function updateTeam(
  deps: Store,
  team: TeamRef,
  fields: Partial<Pick<Team, 'name' | 'city' | 'mascot' | 'abbreviation' | 'logo'>>,
): Promise<Team> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  try {
    const { Attributes } = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.team(team.sportId, team.id),
        UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<Team>(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw unknownTeam(team);
    throw error;
  }
}
