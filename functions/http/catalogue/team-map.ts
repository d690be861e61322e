// The team map (GET /api/Team/map): a sport's teams with names and logos, which leaderboard cells name
// by id only. The browser keeps it and asks again with If-None-Match: an unchanged map answers 304. It is read from
// its one item each time, not from a container's catalogue cache: a team edit makes the browser ask again at once
// (the edit's `invalidates`), and a kept map would answer it 304 with the old names and logos.
import type { TeamMapEntry } from '#domain/contracts/catalogue.ts';
import { teamMap as storedTeamMap } from '../../store/team-map.ts';
import type { RouteImpl } from '../area-api.ts';
import { withETag } from '../etag.ts';

export const teamMap: RouteImpl<'teamMap'> = async ({ input: { sportId }, headers }, deps) => {
  const entries: TeamMapEntry[] = (await storedTeamMap(deps, sportId)).map(({ id, name, logo }) => ({
    id,
    name,
    logo,
  }));
  return withETag(entries, headers);
};
