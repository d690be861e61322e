// Once per test run: a folder the run's test files share (the seeded-demo snapshots of local-test-stack.ts, the
// record of the pages axe has audited), removed at the end. Its path reaches every file, and every process a
// file starts, through the environment.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runFolderVariable = 'PICKEM_TEST_RUN';

/** The run's shared folder, or undefined when a file runs outside a vitest run with this setup. */
export const testRunFolder = (part: string) => {
  const root = process.env[runFolderVariable];
  return root && join(root, part);
};

/** A new empty folder for a test's files: in the run's folder, so it goes when the run ends. */
export function testFolder(prefix: string) {
  const parent = testRunFolder('folders') ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}

export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'pickem-test-run-'));
  process.env[runFolderVariable] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
