// Rebuild this layout's projections from the events table: fold all commits' facts in memory (slip cells,
// outcomes, penalties, which clients bet in which week), recompute each client week once, write
// everything in batches and delete whatever else this layout held. The result equals the incremental one.
// Other layouts' items are left alone (older code may still serve them) until pruneViews.
import { seasonAggregates } from '#domain/scoring/week-aggregates.ts';
import type { Outcome } from '#domain/scoring/week-scores.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import type { Commit } from '../adapters/event-store.ts';
import { listUsers } from '../store/users.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { batchDelete, batchPut } from '../store/state-table.ts';
import { isOfThisLayout, layoutItem, viewsKeys } from '../views/layout.ts';
import { liveScoreItem, liveScoresPartition, type LiveScoreRow } from '../views/live-scores.ts';
import { outcomeItem, outcomesPartition } from '../views/outcomes.ts';
import { penaltyItems } from '../views/penalties.ts';
import { pickShareItems } from '../views/pick-shares.ts';
import type { WeekScope } from '../views/scope.ts';
import {
  type Names,
  namesOf,
  type SeasonRow,
  seasonPartition,
  seasonPointerItem,
  seasonScopeOf,
  seasonWeeks,
  seasonWith,
} from '../views/season-rows.ts';
import { aggregateItems, liveCountsItem } from '../views/week-aggregates.ts';
import { slipCellsItem, slipCellsKey } from '../views/slip-cells.ts';
import { weekClientItem } from '../views/week-clients.ts';
import { factsPartition } from '../views/facts-partition.ts';
import type { FactRow } from '../views/week-facts.ts';
import { type TotalDraft, weekTotalItem, weekTotalsOf, ytdThrough } from '../views/week-totals.ts';
import { classifyCommit } from './classify-commit.ts';
import { applyCommit } from './handler.ts';

const keyText = ({ PK, SK }: { PK: string; SK: string }) => `${PK}|${SK}`;

async function allCommits(deps: Deps) {
  const commits: Commit[] = [];
  for await (const page of deps.events.readAll()) commits.push(...page);
  return commits.sort((a, b) => a.streamId.localeCompare(b.streamId) || a.version - b.version);
}

/**
 * Applies, through the incremental projector, every commit appended after the fold read its stream: the
 * views of a layout no projector feeds yet miss nothing. Replaying a commit the projector applied too
 * changes nothing (facts carry their versions).
 */
async function catchUp(deps: Deps, folded: ReadonlyMap<string, number>) {
  const later = (await allCommits(deps)).filter((commit) => commit.version > (folded.get(commit.streamId) ?? 0));
  for (const commit of later) await applyCommit(deps, commit);
  return later.length;
}

export async function rebuildViews(deps: Deps) {
  const started = Date.now();
  const commits = await allCommits(deps);
  const folded = new Map(commits.map((commit) => [commit.streamId, commit.version]));

  // Each map holds the latest item per key, as the conditional puts of the incremental path leave it.
  const slips = new Map<string, ReturnType<typeof slipCellsItem>>();
  const penalties = new Map<string, ReturnType<typeof penaltyItems>[number]>();
  const outcomes = new Map<string, ReturnType<typeof outcomeItem>>();
  const liveScores = new Map<string, ReturnType<typeof liveScoreItem>>();
  const weekClients = new Map<string, ReturnType<typeof weekClientItem>>();
  const weeks = new Map<string, WeekScope>();
  let events = 0;
  const kickoffs = new Map<number, Promise<(gameId: number) => string>>();
  for (const commit of commits) {
    events += commit.events.length;
    const classified = classifyCommit(commit);
    if (classified.kind === 'slip') {
      const { slip } = classified;
      if (!kickoffs.has(slip.weekId)) kickoffs.set(slip.weekId, weekKickoffs(deps, slip.weekId));
      const kickoffOf = await kickoffs.get(slip.weekId)!;
      const key = keyText(slipCellsKey(slip, slip.userId));
      slips.set(key, slipCellsItem(slip, slips.get(key)?.cells ?? [], classified.events, commit.version, kickoffOf));
      const clientItem = weekClientItem(slip);
      weekClients.set(keyText(clientItem), clientItem);
      weeks.set(factsPartition(slip), { clientId: slip.clientId, sportId: slip.sportId, weekId: slip.weekId });
    } else if (classified.kind === 'game') {
      for (const event of classified.events) {
        const item = outcomeItem(event, commit.version);
        outcomes.set(keyText(item), item);
      }
      for (const event of classified.scores) {
        const item = liveScoreItem(event, commit.version);
        liveScores.set(keyText(item), item);
      }
    } else if (classified.kind === 'week') {
      for (const item of penaltyItems(classified.scope, classified.events, commit.version)) {
        penalties.set(keyText(item), item);
        weeks.set(item.PK, classified.scope);
      }
    }
  }

  // Totals and the seasons they carry come from the same fold and item builders as the incremental path,
  // computed here in memory so the rebuild reads nothing but the events, the kickoffs and the users.
  const factsByWeek = new Map<string, FactRow[]>();
  for (const fact of [...slips.values(), ...penalties.values()]) {
    const list = factsByWeek.get(fact.PK);
    if (list) list.push(fact);
    else factsByWeek.set(fact.PK, [fact]);
  }
  const outcomesByWeek = new Map<string, Map<number, Outcome>>();
  for (const outcome of outcomes.values())
    outcomesByWeek.set(outcome.PK, (outcomesByWeek.get(outcome.PK) ?? new Map()).set(outcome.gameId, outcome));
  const liveByWeek = new Map<string, Map<number, LiveScoreRow>>();
  for (const live of liveScores.values())
    liveByWeek.set(live.PK, (liveByWeek.get(live.PK) ?? new Map()).set(live.gameId, live));
  const ordered = [...weeks.values()].sort(
    (a, b) => a.clientId - b.clientId || a.sportId - b.sportId || weekNumberOf(a.weekId) - weekNumberOf(b.weekId),
  );
  const usersOf = new Map<number, Map<number, Names>>();
  // Per client sport season, each player's season as the weeks go by and the week of their latest total.
  const seasons = new Map<string, { scope: WeekScope; rows: Map<number, SeasonRow>; latest: Map<number, number> }>();
  const drafts: { scope: WeekScope; draft: TotalDraft }[] = [];
  const liveCountItems = [];
  const pickShares: ReturnType<typeof pickShareItems> = [];
  for (const scope of ordered) {
    if (!usersOf.has(scope.clientId))
      usersOf.set(scope.clientId, new Map((await listUsers(deps, scope.clientId)).map((user) => [user.id, user])));
    const partition = seasonPartition(seasonScopeOf(scope));
    if (!seasons.has(partition)) seasons.set(partition, { scope, rows: new Map(), latest: new Map() });
    const season = seasons.get(partition)!;
    const { totals, liveCounts } = weekTotalsOf(
      factsByWeek.get(factsPartition(scope)) ?? [],
      outcomesByWeek.get(outcomesPartition(scope)) ?? new Map<number, Outcome>(),
      liveByWeek.get(liveScoresPartition(scope)),
    );
    liveCountItems.push(...liveCountsItem(scope, liveCounts));
    // The games with a result or a live score, as the incremental path counts them (for the weeks it visits).
    if (weekClients.has(keyText(weekClientItem(scope)))) {
      const started = new Set([
        ...(outcomesByWeek.get(outcomesPartition(scope))?.keys() ?? []),
        ...(liveByWeek.get(liveScoresPartition(scope))?.keys() ?? []),
      ]);
      pickShares.push(
        ...pickShareItems(
          scope,
          totals.map(({ total }) => total),
          started,
        ),
      );
    }
    for (const { total, live } of totals) {
      const before = season.rows.get(total.userId);
      const names = namesOf(total.userId, before ?? usersOf.get(scope.clientId)!.get(total.userId));
      const after = seasonWith(before, scope.weekId, total, names);
      season.rows.set(total.userId, after);
      season.latest.set(total.userId, scope.weekId);
      drafts.push({ scope, draft: { total, names, ytd: ytdThrough(after, scope.weekId), liveWeekPoints: live } });
    }
  }
  // The season rides on each player's latest total only.
  const totalItems = drafts.map(({ scope, draft }) => {
    const { rows, latest } = seasons.get(seasonPartition(seasonScopeOf(scope)))!;
    const { userId } = draft.total;
    return weekTotalItem(scope, latest.get(userId) === scope.weekId ? { ...draft, season: rows.get(userId) } : draft);
  });
  const pointerItems = [...seasons.values()].flatMap(({ scope, latest }) =>
    [...latest].map(([userId, latestWeekId]) => seasonPointerItem(seasonScopeOf(scope), { userId, latestWeekId })),
  );
  const aggregates = [...seasons.values()].flatMap(({ scope, rows }) =>
    aggregateItems(scope, seasonAggregates([...rows.values()].map(seasonWeeks))),
  );

  const rebuilt = [
    ...slips.values(),
    ...outcomes.values(),
    ...liveScores.values(),
    ...penalties.values(),
    ...weekClients.values(),
    ...totalItems,
    ...liveCountItems,
    ...pickShares,
    ...pointerItems,
    ...aggregates,
  ];
  // As if this layout were emptied first: every item rewritten, and what the events no longer give deleted.
  const before = (await viewsKeys(deps)).filter(isOfThisLayout);
  await batchPut(deps, rebuilt, 'views');
  const kept = new Set(rebuilt.map(keyText));
  await batchDelete(
    deps,
    before.filter((key) => !kept.has(keyText(key))),
    'views',
  );
  const caughtUp = await catchUp(deps, folded);
  await batchPut(deps, [layoutItem()], 'views');
  const seconds = (Date.now() - started) / 1000;
  return {
    commits: commits.length,
    events,
    weeks: ordered.length,
    caughtUp,
    seconds,
    eventsPerSecond: Math.round(events / seconds),
  };
}

/** Deletes the items of every other layout: run once no deployed code serves them. Answers how many went. */
export async function pruneViews(deps: Deps) {
  const others = (await viewsKeys(deps)).filter((key) => !isOfThisLayout(key));
  await batchDelete(deps, others, 'views');
  return others.length;
}
