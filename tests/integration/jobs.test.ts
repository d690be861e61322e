import { describe, expect, it } from 'vitest';
import type { JobRequest } from '../../functions/adapters/job-queue.ts';
import { keys } from '../../functions/store/keys.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { listWeeks } from '../../functions/store/catalogue.ts';
import { listWeekGames } from '../../functions/views/week-games.ts';
import { jobsFunction, runJob } from '../../functions/jobs/handler.ts';
import { viewsLayout } from '../../functions/views/layout.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });

/** Instants a number of minutes from the stack's now, as the test read it. */
const minutesFrom = (now: Date) => (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

/** A Start New Season job's record of the demo client, as the maintenance finds it. */
const record = (jobId: number) => ({
  ...keys.job(2, jobId),
  ...keys.openJob(2, jobId),
  jobId,
  type: 'ImportSeason',
  clientId: 2,
  actorId: 2,
  payload: { sportId: 33, seasonYear: 2026 },
});

describe('async jobs', () => {
  it('the start-up the deploy’s hook invokes finds a started release’s layout built and its migrations done: it rebuilds and moves nothing', async () => {
    const answer = await jobsFunction(() => given.stack.deps)({ operation: 'start-up' });
    expect(answer).toEqual({
      layout: viewsLayout,
      pruned: 0,
      migrated: {},
      roleListsMarked: 0,
      accountsFinished: 0,
      clientsFinished: 0,
    });
  });

  it('an enqueued job runs on the jobs handler through the Lambda async-invoke path and records success with counts', async () => {
    const { deps } = given.stack;
    const payload = { sportId: 33, seasonYear: 2026 };
    await deps.jobs.enqueue({ jobId: 41, type: 'ImportSeason', clientId: 2, actorId: 2, payload });
    await given.stack.settled();
    const status = await getItem<{ status: string; counts: Record<string, number> }>(deps, keys.job(2, 41));
    expect(status).toMatchObject({ status: 'succeeded', counts: { teamsAdded: 0, weeks: 18, gamesAdded: 0 } });
    expect(await listWeekGames(deps, 20263309)).toHaveLength(16);
  });

  it('a feed import notes on the job its rows done of all the feed’s rows', async () => {
    const { deps } = given.stack;
    await deps.jobs.enqueue({
      jobId: 44,
      type: 'ImportSeason',
      clientId: 2,
      actorId: 2,
      payload: { sportId: 33, seasonYear: 2026 },
    });
    await given.stack.settled();
    const games = (await Promise.all((await listWeeks(deps, 33)).map((week) => listWeekGames(deps, week.id)))).flat();
    const record = await getItem<{ status: string; progress: { done: number; total: number } }>(deps, keys.job(2, 44));
    expect(record).toMatchObject({ status: 'succeeded', progress: { done: games.length, total: games.length } });
    expect(games.length).toBeGreaterThan(200);
  });

  it('a job that fails records the reason instead of vanishing', async () => {
    const { deps } = given.stack;
    await deps.jobs.enqueue({
      jobId: 42,
      type: 'ImportSeason',
      clientId: 2,
      actorId: 2,
      payload: { sportId: 999, seasonYear: 2026 },
    });
    // A type no contract names, as a queue holding an older deployment's job could deliver.
    await deps.jobs.enqueue({
      jobId: 43,
      type: 'NoSuchJob',
      clientId: 2,
      actorId: 2,
      payload: {},
    } as unknown as JobRequest);
    await given.stack.settled();
    expect(await getItem(deps, keys.job(2, 42))).toMatchObject({ status: 'failed', error: 'Unknown sport 999' });
    expect(await getItem(deps, keys.job(2, 43))).toMatchObject({
      status: 'failed',
      error: "Unknown job type 'NoSuchJob'",
    });
  });

  it('a crash-abandoned job (running on an expired lease, or queued a minute with nobody to run it) is run again by the maintenance; a live lease and a job just queued are left alone, a job its workers died on three times is failed', async () => {
    const { deps } = given.stack;
    const at = minutesFrom(deps.clock.now());
    await putItem(deps, { ...record(51), status: 'running', attempts: 1, startedAt: at(-10), leaseUntil: at(-5) });
    await putItem(deps, { ...record(52), status: 'queued', queuedAt: at(-10) });
    await putItem(deps, { ...record(53), status: 'running', attempts: 1, startedAt: at(-1), leaseUntil: at(4) });
    // Queued a moment ago: its own invocation is on its way. (Of another sport: the landing of a sport's import invokes
    // the oldest one waiting for it.)
    await putItem(deps, {
      ...record(54),
      payload: { sportId: 34, seasonYear: 2026 },
      status: 'queued',
      queuedAt: at(0),
    });
    // Its workers died on it three times: it may be what kills them.
    await putItem(deps, { ...record(55), status: 'running', attempts: 3, startedAt: at(-10), leaseUntil: at(-5) });

    expect(await given.stack.maintain()).toEqual({ accountsFinished: 0, jobsRequeued: 2, jobsGivenUp: 1 });
    await given.stack.settled();
    expect(await getItem(deps, keys.job(2, 51))).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      counts: { weeks: 18 },
    });
    expect(await getItem(deps, keys.job(2, 52))).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await getItem(deps, keys.job(2, 53))).toMatchObject({ status: 'running', attempts: 1, leaseUntil: at(4) });
    expect(await getItem(deps, keys.job(2, 54))).toMatchObject({ status: 'queued' });
    expect(await getItem(deps, keys.job(2, 55))).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'Its worker stopped 3 times without finishing: not run again',
    });
    expect(await given.stack.maintain()).toEqual({ accountsFinished: 0, jobsRequeued: 0, jobsGivenUp: 0 });
  });

  it('a long job cut off by its Lambda timeout after noting progress runs on, whatever its attempts; three in a row without progress fail it', async () => {
    const { deps } = given.stack;
    const at = minutesFrom(deps.clock.now());
    const abandoned = (jobId: number) => ({
      ...record(jobId),
      status: 'running',
      startedAt: at(-10),
      leaseUntil: at(-5),
    });
    // Five attempts, each cut off after getting somewhere (an announcement to thousands, 5 minutes an attempt).
    await putItem(deps, { ...abandoned(61), attempts: 5, progressAttempt: 5 });
    // Progress in its second attempt, none in the three since: what kills its workers may be the job.
    await putItem(deps, { ...abandoned(62), attempts: 5, progressAttempt: 2 });
    expect(await given.stack.maintain()).toEqual({ accountsFinished: 0, jobsRequeued: 1, jobsGivenUp: 1 });
    await given.stack.settled();
    expect(await getItem(deps, keys.job(2, 61))).toMatchObject({ status: 'succeeded', attempts: 6 });
    expect(await getItem(deps, keys.job(2, 62))).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('a second delivery of a job that is running (Lambda delivers at least once) leaves it to its lease holder and fails nothing', async () => {
    const { deps } = given.stack;
    const leaseUntil = new Date(deps.clock.now().getTime() + 4 * 60_000).toISOString();
    const job = {
      jobId: 56,
      type: 'ImportSeason' as const,
      clientId: 2,
      actorId: 2,
      payload: { sportId: 33, seasonYear: 2026 },
    };
    const held = { status: 'running', attempts: 1, leaseUntil, leaseHolder: 'the first delivery' };
    await putItem(deps, { ...keys.job(2, 56), ...keys.openJob(2, 56), ...job, ...held });
    await expect(runJob(deps, job)).resolves.toBe('running');
    expect(await getItem(deps, keys.job(2, 56))).toMatchObject(held);
  });
});
