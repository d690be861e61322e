// Many writes a few at a time: the database is asked a handful of things at once, not hundreds, and a job can
// say how far it got between batches.

/** How many event streams an import appends to at once. */
export const streamsAtOnce = 8;

/**
 * Runs `work` on the items `size` at a time, each batch once the one before has finished; `afterBatch` hears how
 * many items are done.
 */
export async function inBatches<T>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<void>,
  afterBatch?: (done: number) => Promise<void>,
) {
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    await Promise.all(batch.map(work));
    await afterBatch?.(start + batch.length);
  }
}
