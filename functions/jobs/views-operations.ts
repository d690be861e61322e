// The operator's views operations on the jobs function (docs/views-rebuild.md): invoked by hand on a
// published version, synchronously, they answer their counts and log start and end like every job.
import type { Deps } from '../adapters/deps.ts';
import { logger } from '../adapters/logger.ts';
import { pruneViews, rebuildViews } from '../projector/rebuild.ts';
import { viewsLayout } from '../views/layout.ts';

/** rebuild-views builds this version's layout beside the served one; prune-views drops every other layout. */
export interface ViewsOperation {
  operation: 'rebuild-views' | 'prune-views';
}

export const isViewsOperation = (event: object): event is ViewsOperation =>
  'operation' in event && (event.operation === 'rebuild-views' || event.operation === 'prune-views');

export async function runViewsOperation(deps: Deps, { operation }: ViewsOperation) {
  const started = Date.now();
  logger.info('Job started', { jobType: operation, layout: viewsLayout });
  const counts = operation === 'rebuild-views' ? await rebuildViews(deps) : { deleted: await pruneViews(deps) };
  logger.info('Job finished', {
    jobType: operation,
    layout: viewsLayout,
    status: 'succeeded',
    counts,
    ms: Date.now() - started,
  });
  return { layout: viewsLayout, ...counts };
}
