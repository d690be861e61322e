// Changes to the catalogue's sports: their Regular and Bonus days and whether they are active. A sport
// is written only while it exists (404 otherwise).
import type { DayFlags, Sport } from '#domain/catalogue/types.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, setFields } from './state-table.ts';

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
  const fields = Object.entries({ ...changes, version: from + 1 }).filter(([, value]) => value !== undefined);
  try {
    return await setFields<Sport>(deps, keys.sport(sportId), Object.fromEntries(fields), {
      when: `attribute_exists(PK) AND ${from ? 'version = :from' : 'attribute_not_exists(version)'}`,
      ...(from ? { values: { ':from': from } } : {}),
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const held = await getItem<Sport>(deps, keys.sport(sportId));
    if (!held) throw unknownSport(sportId);
    if (fields.every(([name, value]) => held[name as keyof Sport] === value)) return held;
    throw sportChanged();
  }
}
