// The views of a layout as one pure fold over every commit: the facts each commit feeds (slip cells, outcomes, live
// scores, penalties, which clients bet in which week), then each client week's totals in week order, the season each
// player's latest total carries, the live counts, pick shares and season aggregates. The same item builders the
// incremental projector writes with, so the rebuild equals the live views (tests/integration/scoring-consistency.test.ts),
// and a view's rule can be read, and tested, from events to items (tests/unit/fold-views.test.ts).
import { groupedBy } from '#domain/grouped-by.ts';
import { seasonAggregates } from '#domain/scoring/week-aggregates.ts';
import type { Outcome } from '#domain/scoring/week-scores.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import type { Commit } from '../adapters/event-store.ts';
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

/** What the fold reads besides the events: each week's kickoffs and each client's players' names. */
export interface FoldLookups {
  kickoffOf: (weekId: number) => (gameId: number) => string;
  namesIn: (clientId: number) => ReadonlyMap<number, Names>;
}

export const keyText = ({ PK, SK }: { PK: string; SK: string }) => `${PK}|${SK}`;

/** The weeks whose kickoffs and the clients whose names a fold of these commits reads. */
export function foldNeeds(commits: readonly Commit[]) {
  const weekIds = new Set<number>();
  const clientIds = new Set<number>();
  for (const commit of commits) {
    const classified = classifyCommit(commit);
    if (classified.kind === 'slip') {
      weekIds.add(classified.slip.weekId);
      clientIds.add(classified.slip.clientId);
    } else if (classified.kind === 'week') clientIds.add(classified.scope.clientId);
  }
  return { weekIds, clientIds };
}

/** Whether a fact at `version` is newer than the one the map holds under the key (the projector's versioned put). */
const isNewer = (map: ReadonlyMap<string, { version: number }>, key: string, version: number) =>
  (map.get(key)?.version ?? 0) < version;

/**
 * Every item of the views the commits give (each stream's commits in order), each key once: the latest fact, as the
 * projector's versioned puts leave it.
 */
export function foldViews(commits: readonly Commit[], { kickoffOf, namesIn }: FoldLookups) {
  const slips = new Map<string, ReturnType<typeof slipCellsItem>>();
  const penalties = new Map<string, ReturnType<typeof penaltyItems>[number]>();
  const outcomes = new Map<string, ReturnType<typeof outcomeItem>>();
  const liveScores = new Map<string, ReturnType<typeof liveScoreItem>>();
  const weekClients = new Map<string, ReturnType<typeof weekClientItem>>();
  const weeks = new Map<string, WeekScope>();
  let events = 0;
  for (const commit of commits) {
    events += commit.events.length;
    const classified = classifyCommit(commit);
    if (classified.kind === 'slip') {
      const { slip } = classified;
      const key = keyText(slipCellsKey(slip, slip.userId));
      // A commit delivered again changes nothing: its events are in the fact already.
      if (!isNewer(slips, key, commit.version)) continue;
      const previous = slips.get(key)?.cells ?? [];
      slips.set(key, slipCellsItem(slip, previous, classified.events, commit.version, kickoffOf(slip.weekId)));
      const clientItem = weekClientItem(slip);
      weekClients.set(keyText(clientItem), clientItem);
      weeks.set(factsPartition(slip), { clientId: slip.clientId, sportId: slip.sportId, weekId: slip.weekId });
    } else if (classified.kind === 'game') {
      for (const event of classified.events) {
        const item = outcomeItem(event, commit.version);
        if (isNewer(outcomes, keyText(item), item.version)) outcomes.set(keyText(item), item);
      }
      for (const event of classified.scores) {
        const item = liveScoreItem(event, commit.version);
        if (isNewer(liveScores, keyText(item), item.version)) liveScores.set(keyText(item), item);
      }
    } else if (classified.kind === 'week') {
      for (const item of penaltyItems(classified.scope, classified.events, commit.version)) {
        if (isNewer(penalties, keyText(item), item.version)) penalties.set(keyText(item), item);
        weeks.set(item.PK, classified.scope);
      }
    }
  }

  // Each week's facts, and each sport week's outcomes and live scores by game, as the incremental path reads them.
  const factsByWeek = new Map<string, FactRow[]>(
    groupedBy([...slips.values(), ...penalties.values()], (fact) => fact.PK),
  );
  const byGame = <T extends { PK: string; gameId: number }>(rows: Iterable<T>) =>
    new Map(groupedBy(rows, (row) => row.PK).map(([PK, week]) => [PK, new Map(week.map((row) => [row.gameId, row]))]));
  const outcomesByWeek: Map<string, Map<number, Outcome>> = byGame(outcomes.values());
  const liveByWeek: Map<string, Map<number, LiveScoreRow>> = byGame(liveScores.values());
  const ordered = [...weeks.values()].sort(
    (a, b) => a.clientId - b.clientId || a.sportId - b.sportId || weekNumberOf(a.weekId) - weekNumberOf(b.weekId),
  );
  // Per client sport season, each player's season as the weeks go by and the week of their latest total.
  const seasons = new Map<string, { scope: WeekScope; rows: Map<number, SeasonRow>; latest: Map<number, number> }>();
  const drafts: { scope: WeekScope; draft: TotalDraft }[] = [];
  const liveCountItems = [];
  const pickShares: ReturnType<typeof pickShareItems> = [];
  for (const scope of ordered) {
    const partition = seasonPartition(seasonScopeOf(scope));
    if (!seasons.has(partition)) seasons.set(partition, { scope, rows: new Map(), latest: new Map() });
    const season = seasons.get(partition)!;
    const weekOutcomes = outcomesByWeek.get(outcomesPartition(scope)) ?? new Map<number, Outcome>();
    const weekLive = liveByWeek.get(liveScoresPartition(scope));
    const { totals, liveCounts } = weekTotalsOf(factsByWeek.get(factsPartition(scope)) ?? [], weekOutcomes, weekLive);
    liveCountItems.push(...liveCountsItem(scope, liveCounts));
    // The games with a result or a live score, as the incremental path counts them (for the weeks it visits).
    if (weekClients.has(keyText(weekClientItem(scope)))) {
      const started = new Set([...weekOutcomes.keys(), ...(weekLive?.keys() ?? [])]);
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
      const names = namesOf(total.userId, before ?? namesIn(scope.clientId).get(total.userId));
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

  const items = [
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
  return { items, events, weeks: ordered.length };
}
