// The rebuild's driver of the views' definitions (docs/architecture.md, projector): one pure fold over every commit.
// The fact views' `evolve` (views/fact-view.ts) steps the facts of each commit, kept over older versions only; then
// each client week's totals in week order (weekTotalsOf), each player's total and season from the season before it
// (totalStep, the season riding on the player's latest total), and each week's live counts, aggregate and pick shares
// from its totals. The live projector (apply-commits.ts) drives the same definitions against the stored views, so a
// view's rule can be read, and tested through both, from events to items (tests/support/projection-spec.ts).
import { groupedBy } from '#domain/grouped-by.ts';
import type { Outcome } from '#domain/scoring/week-scores.ts';
import { weekNumberOf } from '#domain/season/weeks.ts';
import type { Commit } from '../adapters/event-store.ts';
import type { Key } from '../store/state-table.ts';
import { type ClassifiedCommit, classifyCommit } from '../views/classify-commit.ts';
import { evolveFacts, type FactItem, type FactView } from '../views/fact-view.ts';
import { liveScoreItem, liveScoresPartition, type LiveScoreRow, liveScoresView } from '../views/live-scores.ts';
import { outcomeItem, outcomesPartition, outcomesView } from '../views/outcomes.ts';
import { penaltyItems, penaltiesView } from '../views/penalties.ts';
import { pickShareItems } from '../views/pick-shares.ts';
import type { WeekScope } from '../views/scope.ts';
import {
  type Names,
  namesOf,
  type SeasonRow,
  seasonPartition,
  seasonPointerItem,
  seasonScopeOf,
} from '../views/season-rows.ts';
import { aggregateItems, liveCountsItem, weekAggregateFrom } from '../views/week-aggregates.ts';
import { slipCellsItem, slipCellsView } from '../views/slip-cells.ts';
import { weekClientItem, weekClientsView } from '../views/week-clients.ts';
import { factsPartition } from '../views/facts-partition.ts';
import type { FactRow } from '../views/week-facts.ts';
import { totalStep, type TotalDraft, weekTotalItem, weekTotalsOf } from '../views/week-totals.ts';

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

/** The fact views' items of the commits (each stream's in order), each key once: the latest, as the projector's puts leave it. */
function foldFacts(commits: readonly Commit[], kickoffOf: FoldLookups['kickoffOf']) {
  const facts = {
    slips: new Map<string, ReturnType<typeof slipCellsItem>>(),
    weekClients: new Map<string, ReturnType<typeof weekClientItem>>(),
    outcomes: new Map<string, ReturnType<typeof outcomeItem>>(),
    liveScores: new Map<string, ReturnType<typeof liveScoreItem>>(),
    penalties: new Map<string, ReturnType<typeof penaltyItems>[number]>(),
  };
  const weeks = new Map<string, WeekScope>();
  let events = 0;
  const step = <Kind extends ClassifiedCommit['kind'], Item extends FactItem>(
    view: FactView<Kind, Item>,
    kept: Map<string, Item>,
  ) =>
    function (classified: ClassifiedCommit, version: number, weekKickoffs: (gameId: number) => string) {
      const context = { previous: (key: Key) => kept.get(keyText(key)), kickoffOf: weekKickoffs };
      const items = evolveFacts(view, classified, version, context);
      for (const item of items) kept.set(keyText(item), item);
      return items as readonly FactItem[];
    };
  const steps = [
    step(slipCellsView, facts.slips),
    step(weekClientsView, facts.weekClients),
    step(outcomesView, facts.outcomes),
    step(liveScoresView, facts.liveScores),
    step(penaltiesView, facts.penalties),
  ];
  for (const commit of commits) {
    events += commit.events.length;
    const classified = classifyCommit(commit);
    const weekKickoffs = classified.kind === 'slip' ? kickoffOf(classified.slip.weekId) : noKickoffs;
    const stepped = steps.map((each) => each(classified, commit.version, weekKickoffs).length);
    // The client weeks whose totals the facts give.
    if (classified.kind === 'slip') weeks.set(factsPartition(classified.slip), pick(classified.slip));
    else if (classified.kind === 'week' && stepped.some(Boolean))
      weeks.set(factsPartition(classified.scope), classified.scope);
  }
  return { ...facts, weeks, events };
}

const noKickoffs = () => '';
const pick = ({ clientId, sportId, weekId }: WeekScope): WeekScope => ({ clientId, sportId, weekId });

/**
 * Every item of the views the commits give (each stream's commits in order), each key once: the latest fact, as the
 * projector's versioned puts leave it.
 */
export function foldViews(commits: readonly Commit[], { kickoffOf, namesIn }: FoldLookups) {
  const { slips, penalties, outcomes, liveScores, weekClients, weeks, events } = foldFacts(commits, kickoffOf);

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
  const aggregates = [];
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
    const weekDrafts = totals.map((computed) => {
      const { userId } = computed.total;
      const before = season.rows.get(userId);
      const names = namesOf(userId, before ?? namesIn(scope.clientId).get(userId));
      const { after, draft } = totalStep(scope, computed, names, before);
      season.rows.set(userId, after);
      season.latest.set(userId, scope.weekId);
      return draft;
    });
    drafts.push(...weekDrafts.map((draft) => ({ scope, draft })));
    const aggregate = weekAggregateFrom(scope, weekDrafts);
    if (Object.keys(aggregate).length > 0)
      aggregates.push(...aggregateItems(scope, new Map([[weekNumberOf(scope.weekId), aggregate]])));
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
