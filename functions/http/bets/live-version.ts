// The live version of a week (docs/live-game-day.md): what a live page asks every few seconds instead of its own
// views. Scores are public, so the answer is the same for every viewer of every client and CloudFront keeps it a
// few seconds (infra/aws/web-stack.ts): 100,000 watchers cost the API one call per week every 5 s, not 100,000.
// The version moves with a game's status or score once the views hold it (the week's live stamp, which the
// projector writes after the views), and at each kickoff; a clock moving is not a new version, the clocks of the
// games under way travel in the answer.
import { createHash } from 'node:crypto';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { momentsPassed } from '#domain/season/answer-clock.ts';
import type { RouteImpl } from '../area-api.ts';
import { listWeekGameRows } from '../../store/catalogue.ts';
import { liveStampOutcomes, readStamps, settling, weekGamesStamp, weekLiveStamp } from '../../store/stamps.ts';

/** How long CloudFront may answer from its copy; a browser asks each time (its copy would also age the server time). */
export const liveVersionMaxAgeS = 5;

export const liveVersion: RouteImpl<'liveVersion'> = async ({ input: { weekId } }, deps) => {
  const now = deps.clock.now();
  const [games, live] = (await readStamps(deps, [weekGamesStamp(weekId), weekLiveStamp(weekId)])) ?? [];
  const outcomes = liveStampOutcomes(live);
  const version = createHash('sha256')
    .update(
      JSON.stringify([
        outcomes,
        momentsPassed(games?.kickoffs ?? [], now),
        // A page that read its views while an index still caught up asks once more when it has.
        settling([live], deps.indexLagMs),
      ]),
    )
    .digest('base64url')
    .slice(0, 22);
  // The games under way as the live stamp says; their clocks are their rows'.
  const liveIds = new Set(outcomes.filter(([, [status]]) => status === GameStatus.Live).map(([gameId]) => gameId));
  const underWay = liveIds.size ? (await listWeekGameRows(deps, weekId)).filter((game) => liveIds.has(game.id)) : [];
  return {
    status: 200,
    body: {
      weekId,
      version,
      at: now.toISOString(),
      games: underWay.map((game) => ({ gameId: game.id, gameClock: game.gameClock ?? null })),
    },
    headers: { 'cache-control': `public, max-age=0, s-maxage=${liveVersionMaxAgeS}` },
  };
};
