// Only results grade bets: a commit of line events on a game's stream feeds no outcome.
import { describe, expect, it } from 'vitest';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { GameEvent } from '#domain/games/game-result.ts';
import { classifyCommit } from '../../functions/views/classify-commit.ts';

const at = '2026-11-22T21:00:00.000Z';
const commit = (events: GameEvent[]) => ({
  streamId: 'game#3300301',
  version: 3,
  events,
  at,
  actor: 1,
  correlationId: 'c',
});
const lineSet: GameEvent = {
  type: 'AffiliateLineSet',
  data: { gameId: 3300301, sportId: 33, weekId: 20263309, affiliateId: 1, homeLine: -3.5, at },
};
const manualSet: GameEvent = {
  type: 'ManualLineSet',
  data: { gameId: 3300301, clientId: 2, affiliateId: 1, homeLine: -6.5, handicapId: 9, actorId: 1, at },
};
const recorded: GameEvent = {
  type: 'GameResultRecorded',
  data: {
    gameId: 3300301,
    sportId: 33,
    weekId: 20263309,
    homeTeamId: 10,
    beginning: '2026-11-22T18:00:00.000Z',
    status: GameStatus.Finished,
    homeScore: 24,
    awayScore: 10,
    recordedAt: at,
  },
};

describe('a game commit as the projector sees it', () => {
  it('feeds no outcome when it holds only line events', () => {
    expect(classifyCommit(commit([lineSet, manualSet]))).toEqual({ kind: 'game', events: [], scores: [] });
  });

  it('feeds only the result when lines and a result share the stream', () => {
    expect(classifyCommit(commit([lineSet, recorded]))).toEqual({ kind: 'game', events: [recorded], scores: [] });
  });
});

describe('a live score as the projector sees it', () => {
  it('feeds no outcome, only the live-score fact: a score under way never grades a bet', () => {
    const live: GameEvent = {
      type: 'GameScoreUpdated',
      data: {
        gameId: 3300301,
        sportId: 33,
        weekId: 20263309,
        homeTeamId: 10,
        homeScore: 14,
        awayScore: 3,
        period: 2,
        clock: '8:17 - 2nd',
        status: GameStatus.Live,
        updatedAt: at,
      },
    };
    expect(classifyCommit(commit([live]))).toEqual({ kind: 'game', events: [], scores: [live] });
  });
});
