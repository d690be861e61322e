// Teams and a sport's zone change rarely (an admin edit), but every pick list and leaderboard needs
// them: a warm container keeps them instead of reading the team map (up to 300 KB of logos) on every call, as long as
// the sport's teams stamp is the one they were read under (a team edit moves it) and for five minutes at most (a
// sport's zone). Kept per database client, so two stacks in one process (the tests') never read each other's.
import type { Deps } from '../adapters/deps.ts';
import { getSport } from './catalogue.ts';
import { readStamps, sportTeamsStamp } from './stamps.ts';
import { teamMap } from './team-map.ts';

export interface SportCatalogue {
  teams: Map<number, { name: string; logo: string }>;
  timeZone: string;
}

const ttlMs = 5 * 60 * 1000;
const caches = new WeakMap<object, Map<number, { at: number; token?: string; value: Promise<SportCatalogue> }>>();

export async function sportCatalogue(deps: Pick<Deps, 'db' | 'tables'>, sportId: number): Promise<SportCatalogue> {
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new Map()));
  const [stamp] = (await readStamps(deps, [sportTeamsStamp(sportId)])) ?? [];
  const token = stamp?.token;
  const cached = cache.get(sportId);
  if (cached && cached.token === token && Date.now() - cached.at < ttlMs) return cached.value;
  const value = Promise.all([teamMap(deps, sportId), getSport(deps, sportId)]).then(([teams, sport]) => ({
    teams: new Map(teams.map((team) => [team.id, { name: team.name, logo: team.logo }])),
    timeZone: sport?.timeZone ?? 'America/New_York',
  }));
  value.catch(() => cache.delete(sportId));
  cache.set(sportId, { at: Date.now(), token, value });
  return value;
}
