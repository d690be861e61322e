// The processes page: the processes with their schedules and latest runs, and the changes of their schedules.
// Every change is saved to the state table first and then the Scheduler is reconciled with it.
import {
  maxSchedulesPerProcess,
  type Process,
  type ProcessRun,
  type ProcessSchedule,
} from '#domain/contracts/processes.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import { processById, processes, validSchedule } from '#domain/processes/processes.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import type { Deps } from '../../adapters/deps.ts';
import { reconcileSchedules } from '../../jobs/reconcile-schedules.ts';
import { findClientByDomain } from '../../store/clients.ts';
import { keys } from '../../store/keys.ts';
import {
  archiveSchedule,
  deletedAmong,
  readSchedules,
  saveSchedules,
  type StoredSchedule,
  wasDeleted,
} from '../../store/process-schedules.ts';
import { queryAll } from '../../store/state-table.ts';
import type { RouteImpl } from '../area-api.ts';

const recentRunCount = 5;

async function recentRuns(deps: Deps, systemClientId: number | undefined, processId: number): Promise<ProcessRun[]> {
  if (systemClientId === undefined) return [];
  const runs = await queryAll<ProcessRun>(deps, keys.clientPartition(systemClientId), {
    skPrefix: keys.processRunPrefix(processId),
    descending: true,
    limit: recentRunCount,
  });
  return runs.map(({ jobId, status, queuedAt, startedAt, finishedAt, counts, error }) => ({
    jobId,
    status,
    queuedAt,
    startedAt,
    finishedAt,
    counts,
    error,
  }));
}

async function listProcesses(deps: Deps): Promise<Process[]> {
  const [{ schedules }, system] = await Promise.all([readSchedules(deps), findClientByDomain(deps, systemDomain)]);
  return Promise.all(
    processes.map(async (process) => ({
      ...process,
      processSchedule: schedules
        .filter((schedule) => schedule.processId === process.id)
        .map(({ processId: _processId, ...schedule }) => ({ ...schedule, version: schedule.version ?? 0 })),
      recentRuns: await recentRuns(deps, system?.id, process.id),
    })),
  );
}

const unknownSchedule = (id: number) => new NotFoundError(`There is no schedule ${id}`, 'UNKNOWN_SCHEDULE');

type Setting = Omit<ProcessSchedule, 'id' | 'version'>;
const settingFields = ['active', 'executionHour', 'executionMinute', 'periodicity', 'monthDay'] as const;

/**
 * The version an edit of a stored schedule saves: the next one. An edit asking for what the schedule already is
 * changes nothing and keeps it (this very edit landed and asked again after its answer was lost, or a Save of an
 * unchanged dialog, which must not refuse another administrator's). One made from an older version
 * (`request.version`) would undo another administrator's edit made since: 409 SCHEDULE_CHANGED.
 */
function editedVersion(known: StoredSchedule, schedule: Setting, request: { version?: number }) {
  const current = known.version ?? 0;
  if (settingFields.every((field) => known[field] === schedule[field])) return current;
  if (request.version === undefined || request.version === current) return current + 1;
  throw new ConflictError(
    `Someone else changed schedule ${known.id} meanwhile: reload the processes and edit it again`,
    'SCHEDULE_CHANGED',
  );
}

export const processList: RouteImpl<'processList'> = (_request, deps) => listProcesses(deps);

export const alterProcesses: RouteImpl<'alterProcesses'> = async ({ input }, deps) => {
  const book = await readSchedules(deps);
  // Everything is checked before anything is kept or any id is taken.
  const checked = input.map(({ id, processSchedule }) => {
    const process = processById(id);
    if (!process) throw new NotFoundError(`There is no process ${id}`, 'UNKNOWN_PROCESS');
    return processSchedule.map((request) => {
      const schedule = validSchedule(process.name, request, request.id ?? 0);
      if (request.id === undefined) return { processId: id, request, schedule };
      const known = book.schedules.find((stored) => stored.id === request.id && stored.processId === id);
      if (!known) throw unknownSchedule(request.id);
      return { processId: id, request, schedule: { ...schedule, version: editedVersion(known, schedule, request) } };
    });
  });
  const changed = new Map<number, StoredSchedule>();
  const fresh: StoredSchedule[] = [];
  for (const { processId, request, schedule } of checked.flat()) {
    if (request.id !== undefined) changed.set(request.id, { ...schedule, processId });
    else fresh.push({ ...schedule, id: await deps.ids.next('schedule'), processId, version: 0 });
  }
  // Kept by an earlier attempt of this change (functions/http/request-key.ts): in the book already, or deleted since.
  const deleted = await deletedAmong(
    deps,
    book,
    fresh.map(({ id }) => id),
  );
  const added = fresh.filter(({ id }) => !deleted.has(id) && !book.schedules.some((saved) => saved.id === id));
  const saved = [...book.schedules.map((schedule) => changed.get(schedule.id) ?? schedule), ...added];
  const liveOf = (schedules: readonly StoredSchedule[], id: number) =>
    schedules.filter((schedule) => schedule.processId === id).length;
  for (const { id } of input) {
    const kept = liveOf(saved, id);
    // Refused only when it grows past the limit: a process that had more before it keeps them, and its edits.
    if (kept > maxSchedulesPerProcess && kept > liveOf(book.schedules, id))
      throw new ConflictError(
        `${processById(id)!.name} keeps at most ${maxSchedulesPerProcess} schedules: delete one before adding another`,
        'TOO_MANY_SCHEDULES',
      );
  }
  await saveSchedules(deps, book, saved);
  await reconcileSchedules(deps);
  return listProcesses(deps);
};

export const deleteSchedule: RouteImpl<'deleteSchedule'> = async ({ input: { id } }, deps) => {
  const book = await readSchedules(deps);
  if (!book.schedules.some((schedule) => schedule.id === id)) {
    // Deleted already: asked again after a delete cut off before the Scheduler was told, it is told now.
    if (await wasDeleted(deps, book, id)) await reconcileSchedules(deps);
    throw unknownSchedule(id);
  }
  await archiveSchedule(deps, book, id, deps.clock.now());
  await reconcileSchedules(deps);
  return { id };
};
