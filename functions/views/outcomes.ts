// The game outcome fact: a game's latest result under its sport week, shared by every client and
// stamped with the game stream version that wrote it.
import type { GameResultRecorded } from '#domain/games/game-result.ts';
import type { Outcome } from '#domain/scoring/week-scores.ts';
import type { Deps } from '../adapters/deps.ts';
import { queryAll } from '../store/state-table.ts';
import type { FactView } from './fact-view.ts';
import { pad, type WeekScope } from './scope.ts';
import { viewsPartition } from './layout.ts';

type SportWeek = Pick<WeekScope, 'sportId' | 'weekId'>;
type Store = Pick<Deps, 'db' | 'tables'>;

export const outcomesPartition = ({ sportId, weekId }: SportWeek) => viewsPartition(`OUTCOMES#${sportId}#${weekId}`);
const outcomeKey = (week: SportWeek, gameId: number) => ({ PK: outcomesPartition(week), SK: pad(gameId) });

export function outcomeItem({ data }: GameResultRecorded, version: number) {
  const { gameId, sportId, weekId, status, homeTeamId, homeScore, awayScore, beginning } = data;
  return {
    ...outcomeKey({ sportId, weekId }, gameId),
    gameId,
    status,
    homeTeamId,
    homeScore,
    awayScore,
    beginning,
    version,
  };
}

/** The view: a game's result replaces the outcome before it. */
export const outcomesView: FactView<'game', ReturnType<typeof outcomeItem>> = {
  handles: 'game',
  evolve: ({ events }, version) => events.map((event) => outcomeItem(event, version)),
};

/** A sport week's outcomes by game id. */
export async function weekOutcomes(deps: Store, week: SportWeek) {
  const rows = await queryAll<Outcome>(deps, outcomesPartition(week), { table: 'views' });
  return new Map(rows.map((row) => [row.gameId, row]));
}
