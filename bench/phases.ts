// A size run's phases: the wall time of each and the CPU time the benchmark process and the database process spent in it.
import type { BenchDatabase } from './database.ts';

/** Wall time of a phase and the CPU seconds the benchmark process and the database process spent in it. */
export interface PhaseUsage {
  wallMs: number;
  benchCpu: number;
  databaseCpu: number | undefined;
}

/** How busy each process was in a phase, as a share of its wall time ('?' where the database's CPU is unknown). */
export function cpuShares(usage: PhaseUsage) {
  const share = (cpu: number | undefined) =>
    cpu === undefined ? '?' : `${Math.round((100 * cpu) / (usage.wallMs / 1000))}%`;
  return { bench: share(usage.benchCpu), database: share(usage.databaseCpu) };
}

export function phaseMeter(database: BenchDatabase) {
  const phases: Record<string, PhaseUsage> = {};
  /** Runs a phase and records its wall time and the CPU time both processes spent in it. */
  async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const [benchBefore, databaseBefore, started] = [process.cpuUsage(), await database.cpuSeconds(), performance.now()];
    const value = await fn();
    const wallMs = performance.now() - started;
    const bench = process.cpuUsage(benchBefore);
    const databaseAfter = await database.cpuSeconds();
    phases[name] = {
      wallMs,
      benchCpu: (bench.user + bench.system) / 1e6,
      databaseCpu: databaseAfter === undefined ? undefined : databaseAfter - databaseBefore!,
    };
    return value;
  }
  const busy = (name: string) => {
    const { bench, database } = cpuShares(phases[name]!);
    return `CPU busy: bench ${bench}, dynalite ${database}`;
  };
  return { phases, phase, busy };
}
