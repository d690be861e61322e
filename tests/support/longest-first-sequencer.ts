// Orders a run's files longest first within each group, so that no long file starts near the end and runs on alone.
// vitest's own order does that from its cache of the last run's durations; a fresh clone (CI) has no cache, and
// vitest then starts the largest file first, which left the crash tests and the clock pages to the end (a whole run
// 419 s against 390-396 s with the cache, 2026-12-06). There the durations in long-test-files.json stand in.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds a whole run spent in each file that took 10 s or more (scripts/record-long-test-files.ts). */
export const longTestFiles: Record<string, number> = JSON.parse(
  readFileSync(new URL('./long-test-files.json', import.meta.url), 'utf8'),
);

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const { cache, config } = this.ctx;
    const path = (spec: TestSpecification) => relative(config.root, spec.moduleId);
    // With every file's last duration at hand, vitest has put the longest first already (and the failed before them).
    if (ordered.every((spec) => cache.getFileTestResults(`${spec.project.name}:${path(spec)}`))) return ordered;
    // vitest's order keeps each group, and each project in it, together: the record orders the files inside them.
    const groupOf = (spec: TestSpecification) => `${spec.project.config.sequence.groupOrder} ${spec.project.name}`;
    const groups = [...new Set(ordered.map(groupOf))];
    const rank = (spec: TestSpecification) => groups.indexOf(groupOf(spec));
    const seconds = (spec: TestSpecification) => longTestFiles[path(spec)] ?? 0;
    return ordered
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || seconds(b.spec) - seconds(a.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
