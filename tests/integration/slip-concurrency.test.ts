// A slip's rules are specified without a stack (tests/api/bets.test.ts); what needs the real database stays here: one
// slip changed by 50 requests at once, each appended with DynamoDB's conditional put on the next version.
import { describe, expect, it } from 'vitest';
import type { BetRow as Row } from '#domain/betting/bet-rows.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Thursday 12:00 in New York, in week 9 of the demo (Wednesday 18 to Tuesday 24 November).
const thursday = '2026-11-19T17:00:00Z';
const given = useTestStack({ now: thursday });

async function rowsOf(token: string, extra: Partial<RequestOf<typeof contracts.betList>> = {}) {
  const answer = await call(given.api, contracts.betList, { sportId: 33, ...extra }, token);
  expect(answer.status).toBe(200);
  return answer.body;
}
const setBets = (input: RequestOf<typeof contracts.setBets>, token: string) =>
  call(given.api, contracts.setBets, input, token);

const open = (rows: Row[], now = thursday) =>
  rows.filter((row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > now);
const picks = (rows: Row[]) =>
  rows
    .filter((row) => row.id !== null)
    .map((row) => ({ gameId: row.gameId, teamId: row.winnerTeamId, points: row.points }));
const slotBets = (rows: Row[], offset = 0) =>
  [20, 10, 10, 5, 5].map((points, index) => ({
    gameId: rows[index + offset]!.gameId,
    teamId: rows[index + offset]!.homeTeamId,
    points,
  }));

describe('concurrency on one slip', () => {
  it('50 concurrent set-bets: each applies on the latest state or answers 409; no slot is doubled and no change is lost', async () => {
    const token = await given.api.signIn('avery');
    const games = open((await rowsOf(token)).data);
    const requests = Array.from({ length: 50 }, (_, index) =>
      slotBets(games, index % 2).map((bet, slot) => ({
        ...bet,
        teamId: (index >> slot) % 2 ? games[slot + (index % 2)]!.awayTeamId : bet.teamId,
      })),
    );
    const answers = await Promise.all(requests.map((bets) => setBets({ bets }, token)));
    const applied = answers.filter((answer) => answer.status === 200);
    const conflicts = answers.filter((answer) => answer.status === 409);
    console.log(`50 concurrent set-bets on one slip: ${applied.length} applied, ${conflicts.length} answered 409`);
    expect(applied.length + conflicts.length).toBe(50);
    expect(applied.length).toBeGreaterThan(0);
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 200) expect(picks(answer.body.data)).toEqual(requests[index]);
      else expect(answer.body.code).toBe('CONCURRENCY');
    }
    const final = picks((await rowsOf(token)).data);
    expect(requests).toContainEqual(final.sort((a, b) => b.points - a.points || a.gameId - b.gameId).map((bet) => bet));
    expect(final.map((bet) => bet.points).sort((a, b) => b - a)).toEqual([20, 10, 10, 5, 5]);
  });

  it('10 saves of two lists at once from one read of the slip (two devices, a commissioner): one list applies, once; the saves of the other are 409 SLIP_CHANGED', async () => {
    const token = await given.api.signIn('blake');
    const read = await rowsOf(token);
    const games = open(read.data);
    const requests = Array.from({ length: 10 }, (_, index) => slotBets(games, index % 2));
    const answers = await Promise.all(requests.map((bets) => setBets({ bets, slipVersion: read.slipVersion }, token)));
    const applied = requests[answers.findIndex((answer) => answer.status === 200)]!;
    // The same list as the one applied is done (the slip holds it), whenever it was read; the other list would undo it.
    const same = requests.map((bets) => JSON.stringify(bets) === JSON.stringify(applied));
    expect(answers.map((answer) => answer.status)).toEqual(same.map((isSame) => (isSame ? 200 : 409)));
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual(
      Array(5).fill('SLIP_CHANGED'),
    );
    expect(picks((await rowsOf(token)).data)).toEqual(applied);
    // Applied once: the slip moved by one commit, whatever the five saves of that list did.
    expect((await rowsOf(token)).slipVersion).toBe(read.slipVersion + 1);
  });
});
