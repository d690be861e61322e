// Which view facts a commit feeds, told by its stream: the views' definitions say which kinds they handle, and both
// drivers (the live projector and the rebuild) read a commit alike through this.
import type { SlipEvent, SlipId } from '#domain/betting/slip.ts';
import type { GameEvent, GameResultRecorded, GameScoreUpdated } from '#domain/games/game-result.ts';
import { parseSlipStreamId } from '#domain/scoring/pick-cells.ts';
import { parseWeekStreamId, type WeekEvent } from '#domain/scoring/close-week.ts';
import type { Commit } from '../adapters/event-store.ts';
import type { WeekScope } from './scope.ts';

export type ClassifiedCommit =
  | { kind: 'slip'; slip: SlipId; events: SlipEvent[] }
  | { kind: 'game'; events: GameResultRecorded[]; scores: GameScoreUpdated[] }
  | { kind: 'week'; scope: WeekScope; events: WeekEvent[] }
  | { kind: 'other' };

export function classifyCommit(commit: Commit): ClassifiedCommit {
  const slip = parseSlipStreamId(commit.streamId);
  if (slip) return { kind: 'slip', slip, events: commit.events as SlipEvent[] };
  // Only results grade bets, live scores feed only the totals' live week points; a kickoff moved within its week changes no view.
  if (commit.streamId.startsWith('game#')) {
    const events = commit.events as GameEvent[];
    return {
      kind: 'game',
      events: events.filter((event) => event.type === 'GameResultRecorded'),
      // A score appended before the event carried its home team cannot be graded; the game's next score can.
      scores: events.filter(
        (event): event is GameScoreUpdated =>
          event.type === 'GameScoreUpdated' && typeof event.data.homeTeamId === 'number',
      ),
    };
  }
  const scope = parseWeekStreamId(commit.streamId);
  if (scope) return { kind: 'week', scope, events: commit.events as WeekEvent[] };
  return { kind: 'other' };
}
