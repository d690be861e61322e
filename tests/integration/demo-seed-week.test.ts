// The test run seeds the demo once per week of the tests' clocks, half an hour into the week (sameDemoSince), and
// files at any clock of that week start from it. That holds only while the seed makes the same demo all week long:
// a seed that came to depend on the clock in another way fails here, not as a puzzle in some other file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameDemoSince } from '../../functions/seed/demo-seasons.ts';
import { startLocalStack, type LocalStack } from '../../infra/local/stack.ts';
import { startLocalTestStack, testPasswordCost } from '../support/local-test-stack.ts';
import { scanTable } from '../security/support/probe-tables.ts';

const sunday = '2026-11-22T17:00:00Z';
const twoYears = 730 * 24 * 3600 * 1000;
const seedingTakes = 10 * 60 * 1000;

/** Every item of the three tables, with the times the seed stamps, its random ids and salts named instead of given. */
async function tables(stack: LocalStack, seededFrom: Date) {
  const from = seededFrom.getTime();
  const named = (value: unknown): unknown => {
    if (value instanceof Set) return [...value].sort();
    if (Array.isArray(value)) return value.map(named);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, each]) => [key, named(each)]),
      );
    if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value))
      return 'a random id';
    // Each hash has a salt of its own.
    if (typeof value === 'string' && value.startsWith('scrypt$')) return 'a password hash';
    if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) {
      const at = Date.parse(value);
      if (at > from && at <= from + seedingTakes) return 'while seeding';
      if (at > from - twoYears && at <= from - twoYears + seedingTakes) return 'two years before seeding';
    }
    // Version stamps and the team maps' build time are the machine's own clock, not the stack's.
    if (typeof value === 'number' && Math.abs(value - Date.now()) < 3600 * 1000) return 'the machine clock';
    return value;
  };
  const items = await Promise.all(
    (['events', 'state', 'views'] as const).map(async (table) =>
      (await scanTable(stack.deps, table)).map((item) => `${table} ${JSON.stringify(named(item))}`),
    ),
  );
  return items.flat().sort();
}

// Both stacks seeded or started before the test, as a file's stack is: seeding takes the longer hook timeout.
let ofTheWeek: LocalStack;
let seededNow: LocalStack;
beforeAll(async () => {
  const options = {
    dataDir: undefined,
    port: 0,
    seed: true,
    webRoot: '/nonexistent',
    now: sunday,
    holdSchedules: true,
  };
  ofTheWeek = await startLocalTestStack(options);
  // Seeded on Sunday and started again from what it left, as a file of the week starts from the week's demo: a
  // start-up repairs some items (the administrators' counts), and both stacks have had one since their seed.
  const seeder = await startLocalStack({ ...options, passwordCost: testPasswordCost, liveReadsMs: [0] });
  const folder = mkdtempSync(join(tmpdir(), 'pickem-sunday-seed-'));
  await seeder.saveSnapshot(folder);
  await seeder.close();
  seededNow = await startLocalStack({
    ...options,
    passwordCost: testPasswordCost,
    liveReadsMs: [0],
    startFrom: folder,
  });
  rmSync(folder, { recursive: true });
  await Promise.all([ofTheWeek.settled(), seededNow.settled()]);
});
afterAll(() => Promise.all([ofTheWeek?.close(), seededNow?.close()]));

describe("the test run's demo of a week", () => {
  it('the demo seeded half an hour into the week is the one seeded on its Sunday, but for the times it stamps and its random ids', async () => {
    const weekStart = sameDemoSince(new Date(sunday));
    expect(weekStart.toISOString()).toBe('2026-11-18T05:30:00.000Z');
    const [early, late] = await Promise.all([tables(ofTheWeek, weekStart), tables(seededNow, new Date(sunday))]);
    expect(early.length).toBeGreaterThan(5000);
    expect(early).toEqual(late);
  });
});
