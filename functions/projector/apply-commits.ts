// The live projector: the live driver of the views' definitions (docs/architecture.md, projector), a plain function
// of the deps and the commits (the stream Lambda's glue is handler.ts). Facts (the fact views' evolve: slip cells,
// outcomes, live scores, penalties) carry the stream version that wrote them and are only written over older
// versions; the derived views are recomputed from the stored facts (recompute.ts). So a redelivered or replayed commit
// changes nothing. The apply step stamps what a run wrote by construction: its views writes are recorded and each
// client week stamp they feed moves once at the end (views/view-stamps.ts), then the live stamps of its games' weeks.
import type { SlipEvent, SlipId } from '#domain/betting/slip.ts';
import type { GameResultRecorded, GameScoreUpdated } from '#domain/games/game-result.ts';
import type { WeekEvent } from '#domain/scoring/close-week.ts';
import type { Deps } from '../adapters/deps.ts';
import type { Commit } from '../adapters/event-store.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { batchPut, putItem } from '../store/state-table.ts';
import { type LiveStampOutcome, stampWeekLive } from '../store/stamps.ts';
import { type ClassifiedCommit, classifyCommit } from '../views/classify-commit.ts';
import { liveScoresView, weekGamesNow } from '../views/live-scores.ts';
import { outcomesView } from '../views/outcomes.ts';
import { writePickShares } from '../views/pick-shares.ts';
import { weekTotalRows } from '../views/week-totals.ts';
import { putFact } from '../views/put-fact.ts';
import { penaltiesView } from '../views/penalties.ts';
import type { WeekScope } from '../views/scope.ts';
import { type SlipCellsRow, slipCellsView } from '../views/slip-cells.ts';
import { stampingViews } from '../views/view-stamps.ts';
import { weekClients, weekClientsView } from '../views/week-clients.ts';
import { isPenalty, playerFacts } from '../views/week-facts.ts';
import { recomputeLiveEntries, recomputePlayerWeek, recomputeWeek } from './recompute.ts';
import { underSeasonLease } from './season-lease.ts';

/** The facts a game's or a week's commit gives read nothing before them: a newer one replaces an older. */
const unread = { previous: () => undefined, kickoffOf: () => '' };

/** Unconditional puts of items the same whatever the version (a week client). */
const putItems = async (deps: Deps, items: readonly { PK: string; SK: string }[]) => {
  for (const item of items) await putItem(deps, item, { table: 'views' });
};

/**
 * The slip's fact after this commit (slipCellsView): one step from the stored fact, or on a gap (a record missed) one
 * step from none by every event of the slip's stream as it now stands.
 */
async function slipCellsAfter(
  deps: Deps,
  commit: Commit,
  classified: SlipCommit,
  previous: SlipCellsRow | undefined,
  kickoffOf: (gameId: number) => string,
) {
  const stepped = (from: SlipCellsRow | undefined, events: SlipEvent[], version: number) =>
    slipCellsView.evolve({ ...classified, events }, version, { previous: () => from, kickoffOf })[0]!;
  if ((previous?.version ?? 0) === commit.version - 1) return stepped(previous, classified.events, commit.version);
  const { version, commits } = await deps.events.readStream<SlipEvent>(commit.streamId);
  return stepped(
    undefined,
    commits.flatMap((each) => each.events),
    version,
  );
}

async function applySlip(deps: Deps, commit: Commit, classified: SlipCommit) {
  const { slip, events } = classified;
  const [facts, kickoffOf] = await Promise.all([playerFacts(deps, slip, slip.userId), weekKickoffs(deps, slip.weekId)]);
  const previous = facts.find((row): row is SlipCellsRow => !isPenalty(row));
  // A redelivery finds the fact as new already; the recompute still runs, so one after a crash finishes the job.
  if (previous && previous.version >= commit.version)
    return underSeasonLease(deps, slip, () => recomputePlayerWeek(deps, slip, slip.userId));
  // Before the player's first cells of the week, so a redelivery after a crash still finds it.
  if (!previous) await putItems(deps, weekClientsView.evolve(classified, commit.version, unread));
  await putFact(deps, await slipCellsAfter(deps, commit, classified, previous, kickoffOf));
  await underSeasonLease(deps, slip, () => recountSlip(deps, slip, events, kickoffOf));
}

/** The player's week recomputed from the facts as stored, under the season's lease; and the pick shares a late pick missed. */
async function recountSlip(
  deps: Deps,
  slip: SlipId,
  events: readonly SlipEvent[],
  kickoffOf: (gameId: number) => string,
) {
  await recomputePlayerWeek(deps, slip, slip.userId);
  // A pick projected after its game started (its commit came in late) may have missed the game's last recount.
  const now = deps.clock.now().getTime();
  const started = new Set(
    events.map(({ data }) => data.gameId).filter((gameId) => Date.parse(kickoffOf(gameId)) <= now),
  );
  if (!started.size) return;
  // Recounted as a result or a live score recounts it: only a game the feed has reported, as the rebuild does.
  const games = await weekGamesNow(deps, slip);
  const reported = [...started].filter((gameId) => games.has(gameId));
  if (reported.length) await writePickShares(deps, slip, await weekTotalRows(deps, slip), reported);
}

type SlipCommit = Extract<ClassifiedCommit, { kind: 'slip' }>;
type GameCommit = Extract<ClassifiedCommit, { kind: 'game' }> & { version: number };

/** Each week's games' status and score as a run's results and live scores said, for the week's live stamp. */
type LiveOutcomes = Map<number, Map<number, LiveStampOutcome>>;

/**
 * Game results and live scores (a run of them: an import records many): each fact, then one recompute per
 * client week they touch; a week with only live scores recomputes only its totals' live week points.
 */
async function applyGames(deps: Deps, commits: readonly GameCommit[], live: LiveOutcomes) {
  type Week = { sportId: number; weekId: number; gameIds: Set<number>; graded: boolean };
  const gamesByWeek = new Map<string, Week & { outcomes: Map<number, LiveStampOutcome> }>();
  const touch = ({ data }: GameResultRecorded | GameScoreUpdated, graded: boolean) => {
    const { gameId, sportId, weekId } = data;
    const key = `${sportId}#${weekId}`;
    if (!gamesByWeek.has(key))
      gamesByWeek.set(key, { sportId, weekId, gameIds: new Set(), graded: false, outcomes: new Map() });
    const week = gamesByWeek.get(key)!;
    week.gameIds.add(gameId);
    week.graded ||= graded;
    week.outcomes.set(gameId, [data.status, data.homeScore, data.awayScore]);
  };
  // Recomputed even when a fact was already there: a redelivery after a crash finishes the job.
  for (const { version, ...game } of commits) {
    // After the scores: a result is the game's last word.
    for (const view of [liveScoresView, outcomesView])
      for (const item of view.evolve(game, version, unread)) await putFact(deps, item);
    for (const event of game.scores) touch(event, false);
    for (const event of game.events) touch(event, true);
  }
  for (const { sportId, weekId, gameIds, graded, outcomes } of gamesByWeek.values()) {
    for (const clientId of await weekClients(deps, { sportId, weekId })) {
      const scope = { clientId, sportId, weekId };
      await underSeasonLease(deps, scope, () =>
        graded ? recomputeWeek(deps, scope, { gameIds }) : recomputeLiveEntries(deps, scope, gameIds),
      );
    }
    live.set(weekId, outcomes);
  }
}

/** Commits of one week's stream (closing a week of many players takes several): their penalties, then one recompute. */
async function applyWeek(deps: Deps, scope: WeekScope, commits: readonly { version: number; events: WeekEvent[] }[]) {
  // By key, the latest version: one batch may not name an item twice (a record delivered twice).
  const byKey = new Map(
    commits
      .flatMap(({ events, version }) => penaltiesView.evolve({ kind: 'week', scope, events }, version, unread))
      .map((item) => [item.SK, item]),
  );
  const penalties = [...byKey.values()];
  if (penalties.length === 0) return;
  // A player's penalty is in one commit only, so a plain batched write never overwrites a newer fact.
  await batchPut(deps, penalties, 'views');
  await underSeasonLease(deps, scope, () =>
    recomputeWeek(deps, scope, { userIds: new Set(penalties.map((penalty) => penalty.userId)) }),
  );
}

/** One commit applied: a run of one. */
export const applyCommit = (deps: Deps, commit: Commit) => applyRun(deps, [commit]);

/** Commits that may go through one recompute: a run of one week's stream, or a run of game results. */
export const joins = (previous: Commit, next: Commit) => {
  const kind = classifyCommit(next).kind;
  return (
    (kind === 'week' && previous.streamId === next.streamId) ||
    (kind === 'game' && classifyCommit(previous).kind === 'game')
  );
};

/** The run's views: the same as one commit at a time, fewer recomputes. */
async function applyViews(deps: Deps, commits: readonly Commit[], live: LiveOutcomes): Promise<void> {
  const first = classifyCommit(commits[0]!);
  switch (first.kind) {
    case 'slip':
      return applySlip(deps, commits[0]!, first);
    case 'game':
      return applyGames(
        deps,
        commits.map((commit) => ({
          ...(classifyCommit(commit) as Extract<ClassifiedCommit, { kind: 'game' }>),
          version: commit.version,
        })),
        live,
      );
    case 'week':
      return applyWeek(
        deps,
        first.scope,
        commits.map((commit) => ({ version: commit.version, events: commit.events as WeekEvent[] })),
      );
    case 'other':
      return;
  }
}

/**
 * One commit, or a run of them that join, applied together; then, by construction, each client week stamp the
 * run's views writes fed moves once (a redelivery's recompute writes its week again, so it stamps again), and
 * last each live stamp of the weeks its results and live scores touched.
 */
export async function applyRun(deps: Deps, commits: readonly Commit[]) {
  const live: LiveOutcomes = new Map();
  await stampingViews(deps, 'week', (views) => applyViews(views, commits, live));
  for (const [weekId, outcomes] of live) await stampWeekLive(deps, weekId, outcomes);
}
