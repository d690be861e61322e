// Rebuild every projection from the events table: fold all commits' facts in memory (slip cells,
// outcomes, penalties, which clients bet in which week), recompute each client week once, write
// everything in batches and delete whatever else the views held. The result equals the incremental one.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { SlipEvent } from '../../domain/betting/slip.ts';
import type { GameEvent } from '../../domain/games/game-result.ts';
import { nextCells, parseSlipStreamId } from '../../domain/scoring/bet-cells.ts';
import { parseWeekStreamId, type WeekEvent } from '../../domain/scoring/close-week.ts';
import type { Outcome } from '../../domain/scoring/week-scores.ts';
import { weekNumberOf } from '../../domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import type { Commit } from '../adapters/event-store.ts';
import { listUsers } from '../store/accounts.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { batchDelete, batchPut, getItem, type Key } from '../store/state-table.ts';
import { viewKeys, viewsLayout } from '../store/view-keys.ts';
import { type FactRow, type Names, namesOf, type PenaltyRow, type SeasonRow, seasonItem, type SlipCellsRow, weekViews, type WeekScope } from './scores.ts';

/** Every key in the views table. */
async function viewsKeys(deps: Deps) {
  const keys: Key[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(new ScanCommand({ TableName: deps.tables.views, ProjectionExpression: 'PK, SK', ExclusiveStartKey }));
    keys.push(...((page.Items ?? []) as Key[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return keys;
}

const keyText = ({ PK, SK }: { PK: string; SK: string }) => `${PK}|${SK}`;

export async function rebuildViews(deps: Deps) {
  const started = Date.now();
  const commits: Commit[] = [];
  for await (const page of deps.events.readAll()) commits.push(...page);
  commits.sort((a, b) => a.streamId.localeCompare(b.streamId) || a.version - b.version);

  const slips = new Map<string, SlipCellsRow & WeekScope>();
  const outcomes = new Map<string, Record<string, unknown> & { PK: string; SK: string }>();
  const penalties: (PenaltyRow & WeekScope)[] = [];
  const weeks = new Map<string, WeekScope>();
  const scopeKey = (scope: WeekScope) => viewKeys.cellsPartition(scope.clientId, scope.sportId, scope.weekId);
  let events = 0;
  const kickoffs = new Map<number, Promise<(gameId: number) => string>>();
  for (const commit of commits) {
    events += commit.events.length;
    const slip = parseSlipStreamId(commit.streamId);
    const week = parseWeekStreamId(commit.streamId);
    if (slip) {
      if (!kickoffs.has(slip.weekId)) kickoffs.set(slip.weekId, weekKickoffs(deps, slip.weekId));
      const kickoffOf = await kickoffs.get(slip.weekId)!;
      const previous = slips.get(commit.streamId)?.cells ?? [];
      slips.set(commit.streamId, { ...slip, cells: nextCells(previous, commit.events as SlipEvent[], kickoffOf), version: commit.version });
      weeks.set(scopeKey(slip), { clientId: slip.clientId, sportId: slip.sportId, weekId: slip.weekId });
    } else if (commit.streamId.startsWith('game#')) {
      for (const { data } of commit.events as GameEvent[]) {
        const { gameId, sportId, weekId, status, homeTeamId, homeScore, awayScore, beginning } = data;
        const outcomeKey = viewKeys.outcome(sportId, weekId, gameId);
        outcomes.set(keyText(outcomeKey), { ...outcomeKey, gameId, status, homeTeamId, homeScore, awayScore, beginning, version: commit.version });
      }
    } else if (week) {
      for (const event of commit.events as WeekEvent[]) {
        if (event.type !== 'MissedPicksPenalized') continue;
        penalties.push({ ...week, userId: event.data.userId, points: event.data.points, version: commit.version });
        weeks.set(scopeKey(week), week);
      }
    }
  }

  // Totals and season rows come from the same fold and item builders as the incremental path,
  // computed here in memory so the rebuild reads nothing but the events, the kickoffs and the users.
  const factsByWeek = new Map<string, FactRow[]>();
  for (const fact of [...slips.values(), ...penalties]) {
    const list = factsByWeek.get(scopeKey(fact));
    if (list) list.push(fact);
    else factsByWeek.set(scopeKey(fact), [fact]);
  }
  const outcomesByWeek = new Map<string, Map<number, Outcome>>();
  for (const outcome of outcomes.values()) {
    outcomesByWeek.set(outcome.PK, (outcomesByWeek.get(outcome.PK) ?? new Map()).set(outcome.gameId as number, outcome as unknown as Outcome));
  }
  const ordered = [...weeks.values()].sort((a, b) => a.clientId - b.clientId || a.sportId - b.sportId || weekNumberOf(a.weekId) - weekNumberOf(b.weekId));
  const usersOf = new Map<number, Map<number, Names>>();
  const seasons = new Map<string, { scope: WeekScope; rows: Map<number, SeasonRow> }>();
  const totalItems = [];
  for (const scope of ordered) {
    if (!usersOf.has(scope.clientId)) usersOf.set(scope.clientId, new Map((await listUsers(deps, scope.clientId)).map((user) => [user.id, user])));
    const seasonKey = viewKeys.seasonPartition(scope.clientId, scope.sportId);
    if (!seasons.has(seasonKey)) seasons.set(seasonKey, { scope, rows: new Map() });
    const scopeSeasons = seasons.get(seasonKey)!.rows;
    const weekOutcomes = outcomesByWeek.get(viewKeys.outcomesPartition(scope.sportId, scope.weekId)) ?? new Map<number, Outcome>();
    const views = weekViews(scope, factsByWeek.get(scopeKey(scope)) ?? [], weekOutcomes, scopeSeasons, (userId) => namesOf(userId, usersOf.get(scope.clientId)!.get(userId)));
    totalItems.push(...views.totalItems);
    for (const row of views.seasonItems) scopeSeasons.set(row.userId, row);
  }
  const seasonItems = [...seasons.values()].flatMap(({ scope, rows }) => [...rows.values()].map((row) => seasonItem(scope, row)));

  const slipItems = [...slips.values()].map(({ clientId, sportId, weekId, userId, cells, version }) => ({
    ...viewKeys.slipCells(clientId, sportId, weekId, userId), userId, cells, version,
  }));
  const penaltyItems = penalties.map(({ clientId, sportId, weekId, userId, points, version }) => ({ ...viewKeys.penalty(clientId, sportId, weekId, userId), userId, points, version }));
  const weeksWithSlips = new Set([...slips.values()].map(scopeKey));
  const weekClients = ordered
    .filter((scope) => weeksWithSlips.has(scopeKey(scope)))
    .map((scope) => ({ ...viewKeys.weekClient(scope.sportId, scope.weekId, scope.clientId), clientId: scope.clientId }));
  const rebuilt = [...slipItems, ...outcomes.values(), ...penaltyItems, ...weekClients, ...totalItems, ...seasonItems, { ...viewKeys.layout(), version: viewsLayout }];
  // As if the table were emptied first: every item rewritten, and what the events no longer give deleted.
  const before = await viewsKeys(deps);
  await batchPut(deps, rebuilt, 'views');
  const kept = new Set(rebuilt.map(keyText));
  await batchDelete(deps, before.filter((key) => !kept.has(keyText(key))), 'views');
  const seconds = (Date.now() - started) / 1000;
  return { commits: commits.length, events, weeks: ordered.length, seconds, eventsPerSecond: Math.round(events / seconds) };
}

/** Rebuilds the views when they were built in another layout (or never marked); undefined when they are current. */
export async function ensureViewsLayout(deps: Deps) {
  const marker = await getItem<{ version: number }>(deps, viewKeys.layout(), 'views');
  return marker?.version === viewsLayout ? undefined : rebuildViews(deps);
}
