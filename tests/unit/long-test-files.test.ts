// The record a fresh clone's run is ordered by (tests/support/longest-first-sequencer.ts) names test files that exist.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const longTestFiles: Record<string, number> = JSON.parse(
  readFileSync(new URL('../support/long-test-files.json', import.meta.url), 'utf8'),
);

describe('the record of long test files', () => {
  it('names only test files that exist, each with its whole seconds, 10 or more', () => {
    const files = Object.keys(longTestFiles);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => !existsSync(file) || !file.endsWith('.test.ts'))).toEqual([]);
    expect(Object.values(longTestFiles).filter((seconds) => !Number.isInteger(seconds) || seconds < 10)).toEqual([]);
  });
});
