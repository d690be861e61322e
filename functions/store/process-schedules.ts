// The processes' live schedules, kept in one item of the state table (the source of truth the Scheduler is made to
// match), with a version so two alters at once cannot overwrite each other. A deleted schedule leaves the book for an
// item of its own, so the book stays within a bounded size however many schedules are deleted over the years.
import type { ProcessSchedule } from '#domain/contracts/processes.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { batchGet, batchPut, getItem, isConditionFailure, putItem } from './state-table.ts';

export interface StoredSchedule extends Omit<ProcessSchedule, 'version'> {
  processId: number;
  /** Counts its edits; missing before the first (and in schedules saved before edits were counted). */
  version?: number;
}

/** A deleted schedule: out of the book, the lists and the Scheduler. */
export interface ArchivedSchedule extends StoredSchedule {
  archivedAt: string;
}

export interface ScheduleBook {
  version: number;
  /** The live schedules. */
  schedules: StoredSchedule[];
  /**
   * Deleted schedules that an older release kept in the book (marked archivedAt), before or while this one was
   * deployed: out of the lists and the Scheduler, and moved to items of their own at the next save.
   */
  archived: ArchivedSchedule[];
}

const isArchived = (schedule: StoredSchedule | ArchivedSchedule): schedule is ArchivedSchedule =>
  'archivedAt' in schedule;

export async function readSchedules(deps: Pick<Deps, 'db' | 'tables'>): Promise<ScheduleBook> {
  const item = await getItem<{ version: number; schedules: (StoredSchedule | ArchivedSchedule)[] }>(
    deps,
    keys.processSchedules,
  );
  const kept = item?.schedules ?? [];
  return {
    version: item?.version ?? 0,
    schedules: kept.filter((schedule) => !isArchived(schedule)),
    archived: kept.filter(isArchived),
  };
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
  if (read.archived.length)
    await batchPut(
      deps,
      read.archived.map((schedule) => ({ ...keys.archivedSchedule(schedule.id), ...schedule })),
    );
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

/**
 * Archives the schedule, then saves the book without it: a crash between, or another change saved first (409), leaves
 * it live with its archive item, and the delete asked again archives it again (the same item, a later time).
 */
export async function archiveSchedule(deps: Pick<Deps, 'db' | 'tables'>, book: ScheduleBook, id: number, at: Date) {
  const schedule = book.schedules.find((each) => each.id === id)!;
  await putItem(deps, { ...keys.archivedSchedule(id), ...schedule, archivedAt: at.toISOString() });
  await saveSchedules(
    deps,
    book,
    book.schedules.filter((each) => each !== schedule),
  );
}

/** The ids among these whose schedule was deleted: not live in the book read, archived there or in its own item. */
export async function deletedAmong(deps: Pick<Deps, 'db' | 'tables'>, book: ScheduleBook, ids: readonly number[]) {
  const isIn = (schedules: readonly StoredSchedule[], id: number) => schedules.some((schedule) => schedule.id === id);
  const notLive = ids.filter((id) => !isIn(book.schedules, id));
  const inBook = notLive.filter((id) => isIn(book.archived, id));
  const asked = notLive.filter((id) => !inBook.includes(id)).map((id) => keys.archivedSchedule(id));
  const archived = asked.length ? await batchGet<ArchivedSchedule>(deps, asked) : [];
  return new Set([...inBook, ...archived.map((schedule) => schedule.id)]);
}

export const wasDeleted = async (deps: Pick<Deps, 'db' | 'tables'>, book: ScheduleBook, id: number) =>
  (await deletedAmong(deps, book, [id])).has(id);
