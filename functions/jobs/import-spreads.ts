// Import Spreads: every affiliate's current line for the games not started yet. An affiliate the feed names
// anew is added to the sport; a line is written only when it moved, and recorded on the game's stream first.
// A bet keeps the line it was placed at, and a client's manual line stays in force over the affiliate's line.
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import type { Affiliate, Game, Sport, Spread } from '#domain/catalogue/types.ts';
import type { RefusedRow } from '#domain/contracts/jobs.ts';
import type { Deps } from '../adapters/deps.ts';
import { lineGameOf, recordAffiliateLines } from '../betting/line-service.ts';
import type { FeedLine, SportsFeed } from '../providers/port.ts';
import { listAffiliates, listTeams, listWeekSpreads } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { batchPut } from '../store/state-table.ts';
import { bumpStamps, weekGamesStamp } from '../store/stamps.ts';
import { currentSeason } from './current-season.ts';
import { loadFeedRefs } from './feed-refs.ts';
import type { JobProgress } from './job-progress.ts';
import { teamMatcher } from './import-teams.ts';
import { gamesOfWeeks } from './sync-games.ts';

export async function importSpreads(deps: Deps, sport: Sport, feed: SportsFeed, onProgress?: JobProgress) {
  const { weeks } = await currentSeason(deps, sport);
  const lines = await feed.listLines(sport.providerKey);
  const [refs, games, affiliates, teams] = await Promise.all([
    loadFeedRefs(deps, feed.name, sport.id),
    gamesOfWeeks(deps, weeks),
    listAffiliates(deps, sport.id),
    listTeams(deps, sport.id),
  ]);
  const teamOf = teamMatcher(refs, teams);
  const knownAffiliates = new Map(affiliates.map((affiliate) => [affiliate.id, affiliate]));
  const changedAffiliates = new Map<number, Affiliate>();
  const spreadsOf = new Map<string, Promise<Map<number, Spread>>>();
  const spreadsOfWeek = (affiliateId: number, weekId: number) => {
    const key = `${affiliateId}#${weekId}`;
    if (!spreadsOf.has(key))
      spreadsOf.set(
        key,
        listWeekSpreads(deps, affiliateId, weekId).then(
          (spreads) => new Map(spreads.map((spread) => [spread.gameId, spread as Spread])),
        ),
      );
    return spreadsOf.get(key)!;
  };
  const now = deps.clock.now();
  const refused: RefusedRow[] = [];
  const moved: (Spread & { game: Game })[] = [];
  for (const line of lines) {
    const gameId = refs.get('GAME', line.gameRef);
    const game = gameId === undefined ? undefined : games.get(gameId);
    if (!game) {
      refused.push({
        item: `${line.affiliate.name}'s line for game ${line.gameRef}`,
        reason: 'The game is not imported: run Import Games first',
      });
      continue;
    }
    if (!isOpenForPicks({ status: game.eventStatus, beginning: game.beginning }, now)) continue;
    const homeSpread = ourHomeLine(line, game, teamOf(line.home));
    if (homeSpread === undefined) {
      refused.push({
        item: `${line.affiliate.name}'s line for game ${line.gameRef}`,
        reason: `The line is of '${line.home.name}', who does not play the game: not taken`,
      });
      continue;
    }
    const affiliateId = await refs.idOf('AFFILIATE', line.affiliate.ref, line.affiliate.id);
    const affiliate: Affiliate = {
      id: affiliateId,
      sportId: sport.id,
      name: line.affiliate.name,
      url: line.affiliate.url,
    };
    const before = knownAffiliates.get(affiliateId);
    if (!before || before.name !== affiliate.name || before.url !== affiliate.url) {
      knownAffiliates.set(affiliateId, affiliate);
      changedAffiliates.set(affiliateId, affiliate);
    }
    const current = (await spreadsOfWeek(affiliateId, game.weekId)).get(game.id);
    if (current?.homeSpread === homeSpread) continue;
    moved.push({ gameId: game.id, affiliateId, homeSpread, game });
  }
  // The refs first: a run that dies before its lines and affiliates are written finds the same ids when it runs again,
  // instead of making a second affiliate of a bookmaker it drew an id for; then the affiliates, so no line names one
  // that is not written.
  await refs.save();
  await batchPut(
    deps,
    [...changedAffiliates.values()].map((affiliate) => ({ ...keys.affiliate(sport.id, affiliate.id), ...affiliate })),
  );
  // A line refused or unchanged is done once read; a moved one as its event is appended.
  const unchanged = lines.length - moved.length;
  await onProgress?.(unchanged, lines.length);
  await recordAffiliateLines(
    deps,
    moved.map(({ game, affiliateId, homeSpread }) => ({
      type: 'SetAffiliateLine',
      game: lineGameOf(game),
      affiliateId,
      homeLine: homeSpread,
    })),
    `feed:${feed.name}`,
    onProgress && ((recorded) => onProgress(unchanged + recorded, lines.length)),
  );
  await batchPut(
    deps,
    moved.map(({ game, ...spread }) => ({ ...keys.spread(spread.affiliateId, game.weekId, spread.gameId), ...spread })),
  );
  // The batch stamped the weeks whose lines it wrote; the feed's other weeks too, as a run resumed after a crash
  // between its lines and their stamps finds its lines written and writes none.
  const written = new Set(moved.map(({ game }) => game.weekId));
  const weekIds = new Set(lines.flatMap((line) => games.get(refs.get('GAME', line.gameRef) ?? -1)?.weekId ?? []));
  await bumpStamps(deps, [...weekIds].filter((weekId) => !written.has(weekId)).map(weekGamesStamp));
  const counts = {
    lines: lines.length,
    linesChanged: moved.length,
    affiliatesAdded: [...changedAffiliates.keys()].filter((id) => !affiliates.some((known) => known.id === id)).length,
    refused: refused.length,
  };
  return { counts, refused };
}

/** Our home team's line: the feed's, or its other side's when the feed lists the game the other way round. */
function ourHomeLine(line: FeedLine, game: Game, lineTeamId: number | undefined): number | undefined {
  if (lineTeamId === game.homeTeamId) return line.homeLine;
  if (lineTeamId === game.awayTeamId) return -line.homeLine + 0;
  return undefined;
}
