// kill -9 of the local stack in the middle of a burst of set-bets, an import and a week close; then a
// restart on the same data folder: no acknowledged write is lost, no job stays queued or running,
// and the views equal a rebuild from the events.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '#domain/auth/user.ts';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { getUser } from '../../functions/store/users.ts';
import { jobLeaseMs } from '../../functions/store/job-records.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { callRoute } from './support/probe-routes.ts';
import { itemTexts, scanTable } from './support/probe-tables.ts';
import { currentWeekId, nfl, probeNow, probeToken } from './support/probe-tenants.ts';
import { startProbeStack } from './support/probe-world.ts';
import { testFolder } from '../support/global-setup.ts';

interface Bet {
  gameId: number;
  teamId: number;
  points: number;
}
type Entry =
  | { kind: 'admin'; userId: number }
  | { kind: 'job'; jobId: number }
  | { kind: 'sent'; userId: number; seq: number; bets: Bet[] }
  | { kind: 'ack'; userId: number; seq: number };

const dataDir = testFolder('pickem-crash-');
const journal = join(dataDir, 'journal.jsonl');
let entries: Entry[] = [];
let stack: LocalStack;
let baseUrl: string;
let demo: Client;
let killedBy: NodeJS.Signals | null = null;

const tokenOf = async (userId: number) => probeToken(stack.deps, (await getUser(stack.deps, demo.id, userId))!);
const betKey = (bets: Bet[]) =>
  bets
    .map((bet) => `${bet.gameId}:${bet.teamId}:${bet.points}`)
    .sort()
    .join(' ');

beforeAll(async () => {
  const started = Date.now();
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/security/support/burst-then-die.ts', dataDir, journal],
    { encoding: 'utf8', timeout: 120_000, env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' } },
  );
  killedBy = child.signal;
  if (child.signal !== 'SIGKILL') console.error(child.stdout, child.stderr);
  entries = readFileSync(journal, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Entry);
  // The restart comes after the killed process's job leases ran out, as a real restart after a crash would
  // (the child's clock started at the probe instant and ran at most as long as the child did).
  const restartAt = new Date(Date.parse(probeNow) + (Date.now() - started) + jobLeaseMs + 1000).toISOString();
  ({ stack, demo, baseUrl } = await startProbeStack(dataDir, restartAt));
  await stack.settled();
});
afterAll(() => stack?.close());

describe('kill -9 during a burst of writes', () => {
  it('the stack died by SIGKILL after acknowledging writes and starting both jobs', () => {
    expect(killedBy).toBe('SIGKILL');
    const acks = entries.filter((entry) => entry.kind === 'ack').length;
    console.log(
      `crash: ${acks} set-bets acknowledged, ${entries.filter((e) => e.kind === 'sent').length - acks} in flight at the kill`,
    );
    expect(acks).toBeGreaterThanOrEqual(40);
    expect(entries.filter((entry) => entry.kind === 'job')).toHaveLength(2);
  });

  it('no acknowledged set-bets is lost: each slip holds the last acknowledged picks or the ones in flight', async () => {
    const sent = entries.filter((entry): entry is Extract<Entry, { kind: 'sent' }> => entry.kind === 'sent');
    const acked = new Set(
      entries.filter((entry) => entry.kind === 'ack').map((entry) => `${entry.userId}#${entry.seq}`),
    );
    const lost: string[] = [];
    for (const userId of new Set(sent.map((entry) => entry.userId))) {
      const own = sent.filter((entry) => entry.userId === userId);
      const lastAcked = own.filter((entry) => acked.has(`${userId}#${entry.seq}`)).at(-1);
      const inFlight = own.filter((entry) => !acked.has(`${userId}#${entry.seq}`));
      const answer = await callRoute(baseUrl, 'betList', {
        input: { sportId: nfl, weekId: currentWeekId },
        token: await tokenOf(userId),
      });
      expect(answer.status).toBe(200);
      const held = betKey(
        answer.body.data
          .filter((row: { id: string | null }) => row.id)
          .map((row: { gameId: number; winnerTeamId: number; points: number }) => ({
            gameId: row.gameId,
            teamId: row.winnerTeamId,
            points: row.points,
          })),
      );
      const allowed = [lastAcked, ...inFlight]
        .filter((entry) => entry !== undefined)
        .map((entry) => betKey(entry.bets));
      if (!allowed.includes(held)) lost.push(`user ${userId}: holds [${held}], acknowledged [${allowed[0]}]`);
    }
    expect(lost).toEqual([]);
  });

  it('no job is stuck: every acknowledged job ends succeeded or failed', async () => {
    const admin = entries.find((entry) => entry.kind === 'admin')!;
    const token = await tokenOf(admin.userId);
    const final: Record<number, string> = {};
    for (const { jobId } of entries.filter((entry): entry is Extract<Entry, { kind: 'job' }> => entry.kind === 'job')) {
      let status = 'unknown';
      // Bounded: a restarted stack has no reason to need more than a few settled rounds.
      for (let round = 0; round < 20; round += 1) {
        await stack.settled();
        const answer = await callRoute(baseUrl, 'jobStatus', { input: { id: jobId }, token });
        status = answer.body?.status ?? `answer ${answer.status}`;
        if (status === 'succeeded' || status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      final[jobId] = status;
    }
    console.log(`crash: jobs after the restart ${JSON.stringify(final)}`);
    expect(Object.values(final).filter((status) => status !== 'succeeded' && status !== 'failed')).toEqual([]);
  });

  it('the views equal a rebuild from the events', async () => {
    await stack.settled();
    const incremental = itemTexts(await scanTable(stack.deps, 'views'));
    await rebuildViews(stack.deps);
    const rebuilt = itemTexts(await scanTable(stack.deps, 'views'));
    expect(
      incremental.filter((item) => !rebuilt.includes(item)),
      'only in the incremental views',
    ).toEqual([]);
    expect(
      rebuilt.filter((item) => !incremental.includes(item)),
      'only in the rebuilt views',
    ).toEqual([]);
  });
});
