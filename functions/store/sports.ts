// Changes to the catalogue's sports: their Regular and Bonus days and whether they are active. A sport
// is written only while it exists (404 otherwise).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DayFlags, Sport } from '#domain/catalogue/types.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, withoutKeys } from './state-table.ts';

export const unknownSport = (sportId: number) => new NotFoundError(`There is no sport ${sportId}`, 'UNKNOWN_SPORT');

export const sportChanged = () =>
  new ConflictError('Someone else changed this sport meanwhile: reload the sports and edit it again', 'SPORT_CHANGED');

/**
 * Saves a sport's days (and its active flag when given) over the version the edit was made from (the stored one when
 * it names none), and answers the sport as saved: 409 SPORT_CHANGED when another edit came since, 404 when there is no
 * such sport. Asked again after its answer was lost, an edit that landed is known by the sport holding what it wrote.
 */
export async function updateSportDays(
  deps: Pick<Deps, 'db' | 'tables'>,
  sportId: number,
  changes: DayFlags & { active?: boolean | undefined },
  version?: number,
): Promise<Sport> {
  const read = await getItem<Sport>(deps, keys.sport(sportId));
  if (!read) throw unknownSport(sportId);
  const from = version ?? read.version ?? 0;
  const entries: [string, unknown][] = [
    ...Object.entries(changes).filter(([, value]) => value !== undefined),
    ['version', from + 1],
  ];
  try {
    const { Attributes } = await deps.db.send(
      new UpdateCommand({
        TableName: deps.tables.state,
        Key: keys.sport(sportId),
        UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: `attribute_exists(PK) AND ${from ? '#version = :from' : 'attribute_not_exists(#version)'}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
          ...(from ? { ':from': from } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<Sport>(Attributes!);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const held = await getItem<Sport>(deps, keys.sport(sportId));
    if (!held) throw unknownSport(sportId);
    if (entries.every(([name, value]) => held[name as keyof Sport] === value)) return held;
    throw sportChanged();
  }
}
