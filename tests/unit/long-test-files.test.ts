// The record a fresh clone's run is ordered by (tests/support/longest-first-sequencer.ts) names test files that exist.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { longTestFiles } from '../support/longest-first-sequencer.ts';

describe('the record of long test files', () => {
  it('names only test files that exist, each with its seconds', () => {
    const files = Object.keys(longTestFiles);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => !existsSync(file) || !file.endsWith('.test.ts'))).toEqual([]);
    expect(Object.values(longTestFiles).every((seconds) => Number.isInteger(seconds) && seconds >= 10)).toBe(true);
  });
});
