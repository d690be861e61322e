// Feed imports run one at a time per kind and sport (docs/rules.md, Jobs): a second Import Scores while one is open
// is refused and reads no feed; the caller's own open import is named so the page can follow it.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { JobRequest } from '../../functions/adapters/job-queue.ts';
import { landFlight, takeFlight } from '../../functions/store/job-flights.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });

const importScores = (jobId: number, sportId = 33, clientId = 2): JobRequest => ({
  jobId,
  type: 'ImportResults',
  clientId,
  actorId: 2,
  payload: { sportId },
});

describe('feed imports fly one at a time per sport', () => {
  it('of 14 Import Scores of one sport taken at once, one takes off and the 13 others are held by it', async () => {
    const { deps } = given.stack;
    const jobs = Array.from({ length: 14 }, (_, index) => importScores(7000 + index));
    const outcomes = await Promise.allSettled(jobs.map((job) => takeFlight(deps, job)));
    const flying = jobs.filter((_, index) => outcomes[index]!.status === 'fulfilled');
    expect(flying).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(refusals).toHaveLength(13);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ code: 'JOB_RUNNING', details: { jobId: flying[0]!.jobId } });
    // Another sport, and another kind for the same sport, fly beside it.
    await takeFlight(deps, importScores(7100, 34));
    await takeFlight(deps, { ...importScores(7101), type: 'ImportSpreads' });
    // Landed, the flight takes the next one.
    await landFlight(deps, flying[0]!);
    await takeFlight(deps, importScores(7102));
  });

  it('refuses Game/load-results while the sport’s import is open (409, naming the caller’s own job), queues it once that one has finished', async () => {
    const { deps } = given.stack;
    // Another client's import: a job record queued and the flight its own, as a request leaves them.
    const open = importScores(7200, 33, 3);
    await putItem(deps, { ...keys.job(3, open.jobId), ...open, status: 'queued', queuedAt: new Date().toISOString() });
    await landFlight(deps, importScores(7102));
    await takeFlight(deps, open);

    const coach = await given.api.signIn('coach');
    const refused = await call(given.api, contracts.loadResults, { sportId: '33' }, coach);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'This import is already running for the sport: start it again once it has finished',
      code: 'JOB_RUNNING',
    });
    expect(refused.body).not.toHaveProperty('details');

    // The other client's import finished: the coach's is queued, runs, and a second one meanwhile names it.
    await putItem(deps, { ...keys.job(3, open.jobId), ...open, status: 'succeeded' });
    const queued = await call(given.api, contracts.loadResults, { sportId: '33' }, coach);
    expect(queued.status).toBe(202);
    const again = await call(given.api, contracts.loadResults, { sportId: '33' }, coach);
    if (again.status === 409)
      expect(again.body).toMatchObject({ code: 'JOB_RUNNING', details: { jobId: queued.body.jobId } });
    else expect(again.status, 'only once the first has finished').toBe(202);

    await given.stack.settled();
    expect(await getItem(deps, keys.job(2, queued.body.jobId))).toMatchObject({ status: 'succeeded' });
    // Its finish landed the flight: the next import is queued.
    const next = await call(given.api, contracts.loadResults, { sportId: '33' }, coach);
    expect(next.status).toBe(202);
    await given.stack.settled();
  });
});
