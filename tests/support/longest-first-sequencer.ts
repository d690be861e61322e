// Orders a run's files longest first within each group, so that no long file starts near the end and runs on alone.
// vitest's own order does that from its cache of the last run's durations; a fresh clone (CI) has no cache, and
// vitest then starts the largest file first, which left the crash tests and the clock pages to the end (a whole run
// 452 s against 401 s in this order, interleaved, 2026-12-06). A file the cache does not know takes the seconds
// tests/support/long-test-files.json records for it.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds a whole run spent in each file that took 10 s or more (scripts/record-long-test-files.ts). */
const longTestFiles: Record<string, number> = JSON.parse(
  readFileSync(new URL('./long-test-files.json', import.meta.url), 'utf8'),
);

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // vitest's order keeps each group, and each project in it, together; inside them the files are ordered here.
    const ordered = await super.sort(files);
    const { cache, config } = this.ctx;
    const groupOf = (spec: TestSpecification) => `${spec.project.config.sequence.groupOrder} ${spec.project.name}`;
    const groups = [...new Set(ordered.map(groupOf))];
    const known = (spec: TestSpecification) => {
      const path = relative(config.root, spec.moduleId);
      const cached = cache.getFileTestResults(`${spec.project.name}:${path}`);
      // The files that failed last time first, as vitest does, then the longest.
      return {
        group: groups.indexOf(groupOf(spec)),
        failed: cached?.failed ? 1 : 0,
        ms: cached?.duration ?? (longTestFiles[path] ?? 0) * 1000,
      };
    };
    return ordered
      .map((spec, index) => ({ spec, index, ...known(spec) }))
      .sort((a, b) => a.group - b.group || b.failed - a.failed || b.ms - a.ms || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
