// Prints the ten test files that took longest (their tests and hooks, set-up included), after the summary:
// where the suite's time goes, on every run.
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const slowest = testModules
      .map((module) => ({ file: module.relativeModuleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (!slowest.length) return;
    console.log('\nThe ten slowest test files:');
    for (const { file, ms } of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${file}`);
  }
}
