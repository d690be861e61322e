// Which view facts a commit feeds, told by its stream: the incremental projector and the rebuild
// both go through this, so they can differ only in where they write.
import type { SlipEvent, SlipId } from '#domain/betting/slip.ts';
import type { GameEvent, GameResultRecorded } from '#domain/games/game-result.ts';
import { parseSlipStreamId } from '#domain/scoring/bet-cells.ts';
import { parseWeekStreamId, type WeekEvent } from '#domain/scoring/close-week.ts';
import type { Commit } from '../adapters/event-store.ts';
import type { WeekScope } from '../views/scope.ts';

export type ClassifiedCommit =
  | { kind: 'slip'; slip: SlipId; events: SlipEvent[] }
  | { kind: 'game'; events: GameResultRecorded[] }
  | { kind: 'week'; scope: WeekScope; events: WeekEvent[] }
  | { kind: 'other' };

export function classifyCommit(commit: Commit): ClassifiedCommit {
  const slip = parseSlipStreamId(commit.streamId);
  if (slip) return { kind: 'slip', slip, events: commit.events as SlipEvent[] };
  // Only results grade bets; a kickoff moved within its week changes no view.
  if (commit.streamId.startsWith('game#'))
    return {
      kind: 'game',
      events: (commit.events as GameEvent[]).filter((event) => event.type === 'GameResultRecorded'),
    };
  const scope = parseWeekStreamId(commit.streamId);
  if (scope) return { kind: 'week', scope, events: commit.events as WeekEvent[] };
  return { kind: 'other' };
}
