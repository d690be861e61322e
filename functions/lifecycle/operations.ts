// The jobs function's lifecycle operations: `start-up` (the deploy's pre-traffic hook), `maintenance` (the minute's
// schedule), and the operator's `rebuild-views` and `prune-views` (docs/views-rebuild.md). Each answers its counts
// and logs its start and end like every job.
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { pruneViews, rebuildViews } from '../projector/rebuild.ts';
import { viewsLayout } from '../views/layout.ts';
import { maintain } from './maintenance.ts';
import { startUp } from './start-up.ts';

const operations = {
  'start-up': (deps: Deps) => startUp(deps),
  maintenance: maintain,
  // Builds this version's layout beside the served one.
  'rebuild-views': rebuildViews,
  // Drops every other layout.
  'prune-views': async (deps: Deps) => ({ deleted: await pruneViews(deps) }),
};

export interface LifecycleOperation {
  operation: keyof typeof operations;
}

export const isLifecycleOperation = (event: object): event is LifecycleOperation =>
  'operation' in event && typeof event.operation === 'string' && Object.hasOwn(operations, event.operation);

/** The minute's maintenance logs only a run that did something; the others log every run. */
const quiet = (operation: LifecycleOperation['operation']) => operation === 'maintenance';

export async function runLifecycleOperation(deps: Deps, { operation }: LifecycleOperation) {
  const started = Date.now();
  if (!quiet(operation)) logger.info('Job started', { jobType: operation, layout: viewsLayout });
  const counts = await operations[operation](deps);
  if (!quiet(operation) || Object.values(counts).some((count) => count !== 0))
    logger.info('Job finished', {
      jobType: operation,
      layout: viewsLayout,
      status: 'succeeded',
      counts,
      ms: Date.now() - started,
    });
  return { layout: viewsLayout, ...counts };
}
