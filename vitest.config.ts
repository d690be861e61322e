import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/support/longest-first-sequencer.ts';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
  test: {
    globals: true,
    // The seeded demo is seeded once per clock and run, then each file starts from its snapshot (tests/support).
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    // The longest files first, from vitest's cache or, in a fresh clone, from tests/support/long-test-files.json.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/{unit,api,integration,e2e,security}/**/*.test.ts', 'tests/web/**/*.test.tsx'],
          // The files run one after another in each worker process, which loads the stack, the SDK and Playwright
          // once and keeps one Chromium (tests/e2e/support/browser-stack.ts). Each file starts a stack of its own,
          // and its clock, settings and catalogue cache are the stack's, not the process's.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      // The CDK tests only read the synthesized app: one process for all of them loads aws-cdk-lib and builds each
      // app once (tests/infra/pickem-app.ts). One worker, not the run's four: each would load aws-cdk-lib, build the
      // apps and validate their templates (cdk.json's validateAgainstDefaultRules) again, 50 s of CPU against 18 s.
      // A project with a worker count of its own runs in a group of its own, before the others (15 s).
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          isolate: false,
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
    ],
    // Processes: the stacks no longer share process.env, so threads would work too, but measured they were slower
    // (whole run 763 s against 725 s; the fuzz file, which sends 1 MB bodies, 197 s against 87 s).
    pool: 'forks',
    // Two workers more than the cores: a file waits on Chromium, its stack or its database thread part of the time,
    // and the chaos file mostly waits on the SDK's back-offs for 100-130 s, so more files fill those waits. Measured
    // on this 2-core machine with the database threads reused (2026-12-06): 359-360 s with three workers, the cores
    // 92 % busy; 345-357 s with four, 98 % busy (docs/testing.md).
    // Set here, not with --maxWorkers: the projects inherit this value, and vitest's flag does not reach them.
    maxWorkers: availableParallelism() + 2,
    // The handlers' structured logs stay quiet in tests unless asked for (POWERTOOLS_LOG_LEVEL=INFO npx vitest).
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT' },
    testTimeout: 60_000,
    // A password check costs a deliberately slow scrypt (docs/rules.md, Passwords): an answer that follows one can
    // take seconds on a busy machine, so polls wait for the state longer than the default second.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
