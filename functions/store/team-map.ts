// A sport's team map, every team's name and logo, kept in one item so the pages that show teams read one item
// instead of the sport's whole teams partition. It is derived from the teams: whoever writes a team rebuilds it
// afterwards (updateTeam, Load Teams), and an edit asked again after a crash between the two rebuilds it
// (teamShownAsStored); data from before it existed gets one from the start-up's migration
// (migrate-one-item-lists.ts), and a read that finds none reads the teams.
// Each build is stamped with when it started and only replaces an older one, so of two builds racing the one
// that read the teams last stays, and it saw every team write finished before it started. A build written moves the
// sport's teams stamp (stamped-partitions.ts), which the pick lists' ETags and the containers' catalogue cache follow.
import type { TeamMapEntry } from '#domain/contracts/catalogue.ts';
import type { Deps } from '../adapters/deps.ts';
import { listTeams } from './catalogue.ts';
import { keys } from './keys.ts';
import { getItem, updateIf } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

interface TeamMapItem {
  builtAt: number;
  /** Absent when the logos are too large for one item: readers then read the teams themselves. */
  teams?: TeamMapEntry[];
}

// DynamoDB keeps items up to 400 KB; logos may be 100 kB each, so a sport of large logos stays in its partition.
const largestMapBytes = 300 * 1024;

const teamsOf = async (deps: Store, sportId: number): Promise<TeamMapEntry[]> =>
  (await listTeams(deps, sportId)).map(({ id, name, logo }) => ({ id, name, logo }));

/** Reads the sport's teams and writes their map, unless a build that started later has written one. */
export async function rebuildTeamMap(deps: Store, sportId: number): Promise<TeamMapEntry[]> {
  // Wall time, not the deps clock: it orders builds as they really ran, whatever date a demo pretends.
  const builtAt = Date.now();
  const teams = await teamsOf(deps, sportId);
  const fits = Buffer.byteLength(JSON.stringify(teams)) <= largestMapBytes;
  // A map that already holds them stays, and so does its stamp: a Load Teams that changed nothing keeps every pick
  // list's 304 and every container's cached names.
  const held = fits ? await getItem<TeamMapItem>(deps, keys.teamMap(sportId)) : undefined;
  if (held?.teams && JSON.stringify(held.teams) === JSON.stringify(teams)) return teams;
  // Through the store's write path, which moves the sport's teams stamp once the map is written.
  await updateIf(deps, keys.teamMap(sportId), {
    set: fits ? 'SET builtAt = :builtAt, teams = :teams' : 'SET builtAt = :builtAt REMOVE teams',
    when: 'attribute_not_exists(PK) OR builtAt < :builtAt',
    values: { ':builtAt': builtAt, ...(fits ? { ':teams': teams } : {}) },
  });
  return teams;
}

/** The sport's teams, names and logos, in id order: one read of the map, else the teams. */
export async function teamMap(deps: Store, sportId: number): Promise<TeamMapEntry[]> {
  const item = await getItem<TeamMapItem>(deps, keys.teamMap(sportId));
  return item?.teams ?? teamsOf(deps, sportId);
}
