// The current season's item carries the season's weeks and a sport's team map every team's name and logo
// (catalogue.ts, team-map.ts), so the pages that need them read one item; data from before those items existed has
// neither, and its reads read the partitions instead. This one-time step gives every sport both, then sets the
// marker: a step cut short is simply run again.
import type { Deps } from '../adapters/deps.ts';
import { type CurrentSeason, listSeasonWeeks, listSports } from './catalogue.ts';
import { keys } from './keys.ts';
import { getItem, putItem, updateIf } from './state-table.ts';
import { rebuildTeamMap } from './team-map.ts';

const marker = keys.migration('catalogue-one-item-lists');

/** Gives the sport's current-season item its weeks, unless Start New Season wrote it again meanwhile. */
async function keepWeeksOnSeason(deps: Deps, current: CurrentSeason): Promise<boolean> {
  return updateIf(deps, keys.season(current.sportId), {
    set: 'SET weeks = :weeks',
    when: 'attribute_not_exists(weeks) AND id = :id',
    values: { ':weeks': await listSeasonWeeks(deps, current.id), ':id': current.id },
  });
}

/** Runs once per database; answers how many items it wrote, or undefined when done before. */
export async function migrateOneItemLists(deps: Deps): Promise<number | undefined> {
  if (await getItem(deps, marker)) return undefined;
  let written = 0;
  for (const sport of await listSports(deps)) {
    const current = await getItem<CurrentSeason>(deps, keys.season(sport.id));
    if (current && !current.weeks && (await keepWeeksOnSeason(deps, current))) written += 1;
    if (!(await getItem(deps, keys.teamMap(sport.id)))) {
      await rebuildTeamMap(deps, sport.id);
      written += 1;
    }
  }
  await putItem(deps, { ...marker, at: deps.clock.now().toISOString() });
  return written;
}
