// Rebuild every projection from the events table: empty the views, fold all commits' facts in
// memory (bet cells, outcomes, penalties, which clients bet in which week), write them in batches,
// then recompute each client week once. The result equals the incremental one.
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { SlipEvent } from '../../domain/betting/slip.ts';
import type { GameEvent } from '../../domain/games/game-result.ts';
import { type CellRow, cellChanges, parseSlipStreamId } from '../../domain/scoring/bet-cells.ts';
import { parseWeekStreamId, type WeekEvent } from '../../domain/scoring/close-week.ts';
import { type Outcome, weekTotals } from '../../domain/scoring/week-scores.ts';
import { weekNumberOf } from '../../domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import type { Commit } from '../adapters/event-store.ts';
import { listUsers } from '../store/accounts.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { batchPut } from '../store/state-table.ts';
import { viewKeys, weekPointsAttribute, weekStatsAttribute } from '../store/view-keys.ts';
import { type Names, namesOf, type SeasonRow, statsOf, totalItem, type WeekScope } from './scores.ts';

async function emptyViews(deps: Deps) {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(new ScanCommand({ TableName: deps.tables.views, ProjectionExpression: 'PK, SK', ExclusiveStartKey }));
    const keys = page.Items ?? [];
    for (let start = 0; start < keys.length; start += 25) {
      const requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
      await deps.db.send(new BatchWriteCommand({ RequestItems: { [deps.tables.views]: requests } }));
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

const keyText = ({ PK, SK }: { PK: string; SK: string }) => `${PK}|${SK}`;

export async function rebuildViews(deps: Deps) {
  const started = Date.now();
  const commits: Commit[] = [];
  for await (const page of deps.events.readAll()) commits.push(...page);
  commits.sort((a, b) => a.streamId.localeCompare(b.streamId) || a.version - b.version);

  const cells = new Map<string, CellRow & { PK: string; SK: string }>();
  const outcomes = new Map<string, Record<string, unknown> & { PK: string; SK: string }>();
  const penalties: (Record<string, unknown> & { PK: string; SK: string })[] = [];
  const weeks = new Map<string, WeekScope>();
  let events = 0;
  const kickoffs = new Map<number, Promise<(gameId: number) => string>>();
  for (const commit of commits) {
    events += commit.events.length;
    const slip = parseSlipStreamId(commit.streamId);
    const week = parseWeekStreamId(commit.streamId);
    if (slip) {
      const key = (gameId: number) => viewKeys.cell(slip.clientId, slip.sportId, slip.weekId, slip.userId, gameId);
      const previous = new Map<number, CellRow>();
      for (const event of commit.events as SlipEvent[]) {
        const cell = cells.get(keyText(key(event.data.gameId)));
        if (cell) previous.set(event.data.gameId, cell);
      }
      if (!kickoffs.has(slip.weekId)) kickoffs.set(slip.weekId, weekKickoffs(deps, slip.weekId));
      const kickoffOf = await kickoffs.get(slip.weekId)!;
      for (const cell of cellChanges(slip, commit.version, commit.events as SlipEvent[], previous, kickoffOf)) {
        cells.set(keyText(key(cell.gameId)), { ...key(cell.gameId), ...cell });
      }
      weeks.set(`${slip.clientId}#${slip.sportId}#${slip.weekId}`, { clientId: slip.clientId, sportId: slip.sportId, weekId: slip.weekId });
    } else if (commit.streamId.startsWith('game#')) {
      for (const { data } of commit.events as GameEvent[]) {
        const { gameId, sportId, weekId, status, homeTeamId, homeScore, awayScore, beginning } = data;
        const outcomeKey = viewKeys.outcome(sportId, weekId, gameId);
        outcomes.set(keyText(outcomeKey), { ...outcomeKey, gameId, status, homeTeamId, homeScore, awayScore, beginning, version: commit.version });
      }
    } else if (week) {
      for (const event of commit.events as WeekEvent[]) {
        if (event.type !== 'MissedPicksPenalized') continue;
        penalties.push({ ...viewKeys.penalty(week.clientId, week.sportId, week.weekId, event.data.userId), ...event.data, version: commit.version });
        weeks.set(`${week.clientId}#${week.sportId}#${week.weekId}`, week);
      }
    }
  }

  // Totals and season rows come from the same fold and item builders as the incremental path,
  // computed here in memory so the rebuild reads nothing but the events, the kickoffs and the users.
  const outcomesByWeek = new Map<string, Map<number, Outcome>>();
  for (const outcome of outcomes.values()) {
    const weekKey = outcome.PK as string;
    outcomesByWeek.set(weekKey, (outcomesByWeek.get(weekKey) ?? new Map()).set(outcome.gameId as number, outcome as unknown as Outcome));
  }
  const ordered = [...weeks.values()].sort((a, b) => a.clientId - b.clientId || a.sportId - b.sportId || weekNumberOf(a.weekId) - weekNumberOf(b.weekId));
  const usersOf = new Map<number, Map<number, Names>>();
  const seasons = new Map<string, SeasonRow & { PK: string; SK: string }>();
  const totalItems = [];
  const cellsByWeek = new Map<string, CellRow[]>();
  for (const cell of cells.values()) {
    const list = cellsByWeek.get(cell.PK);
    if (list) list.push(cell);
    else cellsByWeek.set(cell.PK, [cell]);
  }
  for (const scope of ordered) {
    if (!usersOf.has(scope.clientId)) usersOf.set(scope.clientId, new Map((await listUsers(deps, scope.clientId)).map((user) => [user.id, user])));
    const scopeCells = cellsByWeek.get(viewKeys.cellsPartition(scope.clientId, scope.sportId, scope.weekId)) ?? [];
    const scopePenalties = new Map(
      penalties.filter((row) => row.PK === viewKeys.cellsPartition(scope.clientId, scope.sportId, scope.weekId)).map((row) => [row.userId as number, row.points as number]),
    );
    const weekOutcomes = outcomesByWeek.get(viewKeys.outcomesPartition(scope.sportId, scope.weekId)) ?? new Map<number, Outcome>();
    for (const total of weekTotals(scopeCells, weekOutcomes, scopePenalties)) {
      const names = namesOf(total.userId, usersOf.get(scope.clientId)!.get(total.userId));
      totalItems.push(totalItem(scope, total, names));
      const seasonKey = viewKeys.season(scope.clientId, scope.sportId, total.userId);
      const season = seasons.get(seasonKey.PK + seasonKey.SK) ?? ({ ...seasonKey, userId: total.userId, ...names } as SeasonRow & { PK: string; SK: string });
      const number = weekNumberOf(scope.weekId);
      seasons.set(seasonKey.PK + seasonKey.SK, { ...season, [weekPointsAttribute(number)]: total.weekPoints, [weekStatsAttribute(number)]: statsOf(total) });
    }
  }

  await emptyViews(deps);
  const weekClients = [...weeks.values()]
    .filter((scope) => cellsByWeek.has(viewKeys.cellsPartition(scope.clientId, scope.sportId, scope.weekId)))
    .map((scope) => ({ ...viewKeys.weekClient(scope.sportId, scope.weekId, scope.clientId), clientId: scope.clientId }));
  const seasonItems = [...seasons.values()] as unknown as { PK: string; SK: string }[];
  await batchPut(deps, [...cells.values(), ...outcomes.values(), ...penalties, ...weekClients, ...totalItems, ...seasonItems], 'views');
  const seconds = (Date.now() - started) / 1000;
  return { commits: commits.length, events, weeks: ordered.length, seconds, eventsPerSecond: Math.round(events / seconds) };
}
