// Runs one sports-data import as a job (docs/rules.md, Admin loads): 'Loading...' while it runs, then
// 'Imported' (or 'Success' for spreads) with what it did, or the job's error; the lists it changed are
// asked again.
import { useEffect, useRef, useState } from 'react';
import { contracts } from '#domain/contracts/api.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { ApiError } from './api-client';
import { isFinished, type JobRecord, useJobStatus } from './api/get-job-status';
import type { Contract } from '#domain/contracts/contract.ts';
import { isInvalidatedByJobOf } from './contract-keys';
import { useAskAgain } from './use-contract-mutation';
import { errorText, useToast } from '@/ui/toast';
import { importKinds, importSummary, type ImportType } from './import-kinds';

/** Each import's start: its job makes out of date the reads the contract names in `jobInvalidates`. */
const startOf = {
  ImportSeason: contracts.importSeason,
  ImportGames: contracts.importGames,
  ImportScores: contracts.importScores,
  ImportSpreads: contracts.importSpreads,
  ImportTeams: contracts.importTeams,
} satisfies Record<ImportType, Contract>;
// The read models follow the job's events a few seconds behind (docs/rules.md, Read models),
// so the lists are asked again a few times rather than once.
const refreshDelaysMs = [0, 2000, 5000, 10000];

/** The caller's own import of the kind and sport still open, which a second start is refused for (409). */
const openImportOf = (error: unknown): number | undefined => {
  if (!(error instanceof ApiError) || error.code !== 'JOB_RUNNING') return undefined;
  const jobId = (error.details as { jobId?: unknown } | undefined)?.jobId;
  return typeof jobId === 'number' ? jobId : undefined;
};

export interface ImportJobRun {
  /**
   * Starts the job for the sport named with the call given: true once queued. A call that fails shows its error as a
   * notice, or hands its text to `onRefused` (a dialog that shows it under its fields).
   */
  run: (sportName: string, start: () => Promise<QueuedJob>, onRefused?: (text: string) => void) => Promise<boolean>;
  /** The call is under way or the job has not finished. */
  running: boolean;
  /** The job started last from here, as last polled; undefined before the first run. */
  job: JobRecord | undefined;
  /** The sport of the job started last, undefined before the first run. */
  startedFor: string | undefined;
}

export function useImportJob(type: ImportType): ImportJobRun {
  const toast = useToast();
  const askAgain = useAskAgain();
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<{ jobId: number; sportName: string }>();
  const jobId = started?.jobId;
  const status = useJobStatus(jobId);
  const announced = useRef<number>(undefined);
  const finished = status.data && isFinished(status.data) ? status.data : undefined;

  useEffect(() => {
    if (!finished || announced.current === finished.jobId) return;
    announced.current = finished.jobId;
    // Failed or not, a job may have written part of what it imports (and its row in the list of imports moved). Not
    // cancelled on leaving the page: the pages opened next are the ones that need fresh data.
    const reads = isInvalidatedByJobOf(startOf[type]);
    for (const delay of refreshDelaysMs) window.setTimeout(() => void askAgain(reads), delay);
    if (finished.status === 'failed') {
      toast.notifyError(finished.error);
      return;
    }
    // A new season's weeks come with the week list read again (app/sport-weeks-loader.tsx takes them).
    toast.notify('success', `${importKinds[type].done}: ${importSummary(finished)}`);
  }, [finished, type, toast, askAgain]);

  useEffect(() => {
    if (status.error) toast.notifyError(status.error);
  }, [status.error, toast]);

  const run = async (sportName: string, start: () => Promise<QueuedJob>, onRefused?: (text: string) => void) => {
    setStarting(true);
    try {
      const queued = await start();
      toast.notify('info', 'Loading...');
      setStarted({ jobId: queued.jobId, sportName });
      return true;
    } catch (error) {
      // Already running (started from another tab, or by another administrator): this page follows that one.
      const open = openImportOf(error);
      if (open === undefined) {
        if (onRefused) onRefused(errorText(error));
        else toast.notifyError(error);
        return false;
      }
      toast.notify('info', (error as ApiError).message);
      setStarted({ jobId: open, sportName });
      return true;
    } finally {
      setStarting(false);
    }
  };

  return {
    run,
    running: starting || (jobId !== undefined && !finished && !status.error),
    job: jobId === undefined ? undefined : status.data,
    startedFor: started?.sportName,
  };
}
