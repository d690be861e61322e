// Once per test run: the folder the run's seeded-demo snapshots go to (seeded-stack.ts), removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const snapshotsVariable = 'PICKEM_SEED_SNAPSHOTS';

export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'pickem-seed-snapshots-'));
  process.env[snapshotsVariable] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
