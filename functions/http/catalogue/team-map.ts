// The team map (GET /api/Team/map): a sport's teams with names and logos, which leaderboard cells name
// by id only. Its ETag is its content's hash, so the browser keeps it and asks again with If-None-Match:
// an unchanged map answers 304 without a body.
import { createHash } from 'node:crypto';
import type { TeamMapEntry } from '#domain/contracts/catalogue.ts';
import { sportCatalogue } from '../../store/catalogue-cache.ts';
import type { RouteImpl } from '../area-api.ts';

const revalidate = { 'cache-control': 'private, no-cache' };

export const teamMap: RouteImpl<'teamMap'> = async ({ input: { sportId }, headers }, deps) => {
  const { teams } = await sportCatalogue(deps, sportId);
  const entries: TeamMapEntry[] = [...teams].map(([id, team]) => ({ id, name: team.name, logo: team.logo }));
  const etag = `"${createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 27)}"`;
  if (headers['if-none-match'] === etag)
    return { status: 304, body: undefined as unknown as TeamMapEntry[], headers: { ...revalidate, etag } };
  return { status: 200, body: entries, headers: { ...revalidate, etag } };
};
