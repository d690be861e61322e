// What the scoring tests share: the stack at Sunday noon of week 9, a week's leaderboard rows as a player reads them,
// and Import Scores run as a job.
import { expect } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { call, runImportJob } from './call.ts';
import { useTestStack } from './test-stack.ts';

// Sunday 12:00 in New York, week 9: weeks 1–8 are over; Sunday afternoon, Monday and Tuesday games are not.
export const sunday = '2026-11-22T17:00:00Z';
export const week = (number: number) => 20263300 + number;

/** One stack for the test file at `sunday`, and the calls on its results. */
export function useScoringStack() {
  const given = useTestStack({ now: sunday });

  async function leaderboard(
    token: string,
    weekNumber: number,
    extra: Partial<RequestOf<typeof contracts.balance>> = {},
  ) {
    const answer = await call(given.api, contracts.balance, { sportId: 33, weekId: week(weekNumber), ...extra }, token);
    expect(answer.status).toBe(200);
    return answer.body.rows;
  }

  /** Import Scores as a job: it must answer 202 at once; the job's record once everything settled. */
  const importScores = (token: string) => runImportJob(given, token, contracts.importScores, { sportId: '33' });
  return { given, leaderboard, importScores };
}
