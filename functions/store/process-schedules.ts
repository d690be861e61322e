// The processes' schedules, kept in one item of the state table (the source of truth the Scheduler is made to
// match), with a version so two alters at once cannot overwrite each other.
import type { ProcessSchedule } from '#domain/contracts/processes.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, putItem } from './state-table.ts';

export interface StoredSchedule extends ProcessSchedule {
  processId: number;
  /** Set when the schedule is deleted: it leaves the lists and the Scheduler. */
  archivedAt?: string;
}

export interface ScheduleBook {
  version: number;
  schedules: StoredSchedule[];
}

export async function readSchedules(deps: Pick<Deps, 'db' | 'tables'>): Promise<ScheduleBook> {
  const item = await getItem<ScheduleBook>(deps, keys.processSchedules);
  return { version: item?.version ?? 0, schedules: item?.schedules ?? [] };
}

/**
 * Saves the schedules over the version read; a ConflictError when another change came first. A save resent after its
 * answer was lost finds its own book there (its `writeId`), which is success.
 */
export async function saveSchedules(
  deps: Pick<Deps, 'db' | 'tables'>,
  read: ScheduleBook,
  schedules: StoredSchedule[],
) {
  try {
    await putItem(
      deps,
      { ...keys.processSchedules, version: read.version + 1, schedules },
      { overVersion: read.version },
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError('The schedules were changed at the same time; please try again', 'CONCURRENCY');
    throw error;
  }
}
