// Changes to the catalogue's sports: their Regular and Bonus days and whether they are active. A sport
// is written only while it exists (404 otherwise).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DayFlags, Sport } from '#domain/catalogue/types.ts';
import { NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './state-table.ts';

export const unknownSport = (sportId: number) => new NotFoundError(`There is no sport ${sportId}`, 'UNKNOWN_SPORT');

/** Saves a sport's days (and its active flag when given) and answers the sport as saved. */
export async function updateSportDays(
  deps: Pick<Deps, 'db' | 'tables'>,
  sportId: number,
  changes: DayFlags & { active?: boolean | undefined },
): Promise<Sport> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  try {
    const { Attributes } = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.sport(sportId),
        UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<Sport>(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw unknownSport(sportId);
    throw error;
  }
}
