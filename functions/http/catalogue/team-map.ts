// The team map (GET /api/Team/map): a sport's teams with names and logos, which leaderboard cells name
// by id only. The browser keeps it and asks again with If-None-Match: an unchanged map answers 304.
import type { TeamMapEntry } from '#domain/contracts/catalogue.ts';
import { sportCatalogue } from '../../store/catalogue-cache.ts';
import type { RouteImpl } from '../area-api.ts';
import { withETag } from '../etag.ts';

export const teamMap: RouteImpl<'teamMap'> = async ({ input: { sportId }, headers }, deps) => {
  const { teams } = await sportCatalogue(deps, sportId);
  const entries: TeamMapEntry[] = [...teams].map(([id, team]) => ({ id, name: team.name, logo: team.logo }));
  return withETag(entries, headers);
};
