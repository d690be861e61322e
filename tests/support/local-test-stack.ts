// How tests start the local stack: with a cheap password cost (production's costs 128 MiB and a third of a second
// a hash), and the seeded demo seeded once per test run and week. The first test file that asks for a week's demo
// seeds it as of half an hour into the week (sameDemoSince: the seed makes the same demo at any clock of that week)
// and saves a snapshot; every later one at a clock of that week starts from that snapshot in a fraction of a second,
// as if the demo had been seeded earlier that week, and one that asks while the seed runs waits for it. A state
// several files start from beyond the demo (the scored demo, say) is shared the same way, per clock. The snapshots
// live in a folder made for the run (global-setup.ts), so a change to the seed is picked up by the next run and no
// run tests against another's data.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ScryptCost } from '../../functions/adapters/passwords.ts';
import { sameDemoSince } from '../../functions/seed/demo-seasons.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import type { LocalStackOptions } from '../../infra/local/stack-options.ts';
import { testRunFolder } from './global-setup.ts';

/** 4 MiB and a few milliseconds a hash: the tests' stacks only (tests/unit/password-cost.test.ts). */
export const testPasswordCost: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

/** Whether this process is the first to ask for the path (creating a folder is atomic); it leaves its pid there. */
function claim(path: string) {
  try {
    mkdirSync(path);
  } catch {
    return false;
  }
  writeFileSync(join(path, 'pid'), String(process.pid));
  return true;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Waits for the snapshot another process claimed: true once it is ready, false when that process let go of it or
 * died without making it.
 */
async function madeByAnother(dir: string) {
  for (;;) {
    if (existsSync(join(dir, 'ready'))) return true;
    const pid = Number(existsSync(`${dir}.lock/pid`) ? readFileSync(`${dir}.lock/pid`, 'utf8') : process.pid);
    if (!existsSync(`${dir}.lock`) || !isAlive(pid)) return false;
    await sleep(50);
  }
}

/** The run's folder for snapshots of the seeded demo at this stack's clock, then (when named) of a state made on it. */
function snapshotFolder(root: string, options: LocalStackOptions, given?: string) {
  // What the seed's output depends on besides the code: the clock (without `now` the stack runs on the real one, and
  // today's demo serves the whole run), the password cost, and the one setting the seed reads. A given is made at the
  // file's own clock; the demo under it is the one of the clock's week.
  const key = JSON.stringify([
    // One instant however it is written ('19:00:00Z', '19:00:00.000Z'): one seed.
    options.now
      ? (given ? new Date(options.now) : seedInstant(options.now)).toISOString()
      : new Date().toISOString().slice(0, 10),
    options.passwordCost,
    options.settings?.DEMO_SEASON_START,
    ...(given ? [given] : []),
  ]);
  return join(root, createHash('sha256').update(key).digest('hex').slice(0, 16));
}

/** A state beyond the seeded demo that test files start from, made by `run`; `name` says what it is. */
export interface SharedGiven {
  name: string;
  run: (stack: LocalStack) => Promise<void>;
}

/**
 * The local stack for a test: seeded from the run's snapshot of the demo at this clock when one is ready. With a
 * shared given, the stack stands where `given.run` left the demo: the first file to ask makes that state and saves
 * it, later files at the same clock naming the same given start from it, and one that asks while it is made waits
 * for it. Nothing fires until the given is made.
 */
export async function startLocalTestStack(requested: Omit<LocalStackOptions, 'startFrom'>, given?: SharedGiven) {
  // One feed read a Live Scores run: a run that waits 45 s for its later reads would outlive most tests.
  const options = { passwordCost: testPasswordCost, liveReadsMs: [0], ...requested };
  const root = testRunFolder('seeds');
  // A data folder that holds a database already (a restart after a crash) starts from it, neither from nor as a snapshot.
  const empty = !options.dataDir || !existsSync(join(options.dataDir, 'db'));
  const snapshots = options.seed && root && empty ? root : undefined;
  if (!given) return startSeeded(options, snapshots);
  const makeGiven = async (saveTo: string | undefined) => {
    const stack = await startSeeded({ ...options, holdSchedules: true }, snapshots);
    try {
      // Pages and calls open on the seeded state as read: every seeded event projected.
      await stack.settled();
      await given.run(stack);
      if (saveTo) await saveAsSnapshot(stack, saveTo);
    } catch (error) {
      // The worker goes on to other files without this stack.
      await stack.close().catch(() => undefined);
      throw error;
    }
    if (!options.holdSchedules) stack.releaseSchedules();
    return stack;
  };
  const dir = snapshots && snapshotFolder(snapshots, options, given.name);
  return dir ? fromRunSnapshot(dir, options, makeGiven) : makeGiven(undefined);
}

/**
 * The stack from the run's snapshot in `dir` when it is ready, else made by `make` and saved there (`saveTo`) by the
 * file that claims it first. A file that asks while another makes it waits: the files that need one tend to start
 * together, and a second maker beside the first would only slow both (a seed keeps the handlers and the database
 * thread busy). If that file lets go of it, this one makes its own, unsaved.
 */
async function fromRunSnapshot(
  dir: string,
  options: LocalStackOptions,
  make: (saveTo: string | undefined) => Promise<LocalStack>,
) {
  if (existsSync(join(dir, 'ready'))) return startLocalStack({ ...options, startFrom: dir });
  mkdirSync(dirname(dir), { recursive: true });
  const claimed = claim(`${dir}.lock`);
  if (!claimed && (await madeByAnother(dir))) return startLocalStack({ ...options, startFrom: dir });
  try {
    return await make(claimed ? dir : undefined);
  } catch (error) {
    // Files waiting for this snapshot make it for themselves.
    if (claimed) rmSync(`${dir}.lock`, { recursive: true, force: true });
    throw error;
  }
}

async function saveAsSnapshot(stack: LocalStack, dir: string) {
  await stack.saveSnapshot(dir);
  writeFileSync(join(dir, 'ready'), '');
}

/** When the demo of a stack at this clock is seeded: the first instant of its clock's week that seeds the same. */
const seedInstant = (now: string) => sameDemoSince(new Date(now));

/** Started from the run's snapshot of the seeded demo at its clock's week, or seeded here and saved as that snapshot. */
const startSeeded = (options: LocalStackOptions, snapshots: string | undefined) =>
  snapshots
    ? fromRunSnapshot(snapshotFolder(snapshots, options), options, (saveTo) => seedAndSave(options, saveTo))
    : startLocalStack(options);

/** The demo seeded at its clock's week and saved to `dir` when given, the stack at its own clock. */
async function seedAndSave(options: LocalStackOptions, dir: string | undefined) {
  const seededAt = options.now && seedInstant(options.now);
  // A stack under PICKEM_FAULTS starts from a demo seeded without them: its tests are about what follows.
  const { PICKEM_FAULTS, ...settings } = options.settings ?? {};
  if (!PICKEM_FAULTS && (!seededAt || seededAt.getTime() === Date.parse(options.now!))) {
    if (!dir) return startLocalStack(options);
    // Nothing fires while the snapshot is taken, so it holds the seed alone.
    const stack = await startLocalStack({ ...options, holdSchedules: true });
    await saveAsSnapshot(stack, dir);
    if (!options.holdSchedules) stack.releaseSchedules();
    return stack;
  }
  // Seeded earlier in the week, in memory, then started at its own clock from what the seed left.
  const own = dir ?? mkdtempSync(join(tmpdir(), 'pickem-seed-'));
  const seeder = await startLocalStack({
    ...options,
    settings,
    now: seededAt ? seededAt.toISOString() : options.now,
    dataDir: undefined,
    port: 0,
    holdSchedules: true,
  });
  try {
    await saveAsSnapshot(seeder, own);
  } finally {
    await seeder.close();
  }
  const stack = await startLocalStack({ ...options, startFrom: own });
  if (!dir) rmSync(own, { recursive: true });
  return stack;
}
