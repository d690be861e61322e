// The digest of the results a feed last reported for a sport's season, kept once every one of them was
// applied without a refusal: an import whose feed reports exactly the same finds nothing to compare and
// skips reading the season's games. Any write to a sport's games forgets it first, so a digest never
// vouches for games that changed since.
import { createHash } from 'node:crypto';
import type { Deps } from '../adapters/deps.ts';
import type { FeedGame, FeedName } from '../providers/port.ts';
import { keys } from '../store/keys.ts';
import { deleteItem, getItem, putItem } from '../store/state-table.ts';

export function resultsDigest(feed: FeedName, seasonId: number, results: readonly FeedGame[]) {
  const ordered = [...results].sort((a, b) => a.ref.localeCompare(b.ref));
  return createHash('sha256').update(JSON.stringify({ feed, seasonId, ordered })).digest('base64url');
}

export async function storedResultsDigest(deps: Deps, sportId: number) {
  return (await getItem<{ digest: string }>(deps, keys.resultsDigest(sportId)))?.digest;
}

export const saveResultsDigest = (deps: Deps, sportId: number, digest: string) =>
  putItem(deps, { ...keys.resultsDigest(sportId), digest });

export const forgetResultsDigest = (deps: Deps, sportId: number) => deleteItem(deps, keys.resultsDigest(sportId));
