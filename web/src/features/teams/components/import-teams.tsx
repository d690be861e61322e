import { useEffect, useRef, useState } from 'react';
import { contracts } from '#domain/contracts/api.ts';
import { isFinished, useJobStatus } from '@/lib/api/get-job-status';
import { isInvalidatedByJobOf } from '@/lib/contract-keys';
import { useAskAgain } from '@/lib/use-contract-mutation';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { useImportTeams } from '../api/import-teams';

const countsText = ({ teamsAdded = 0, teamsUpdated = 0 }: Record<string, number>) =>
  `${teamsAdded} teams added, ${teamsUpdated} teams updated`;

/** Load Teams (docs/rules.md, Admin loads): runs as a job; 'Loading...' while it runs, then what it did. */
export function ImportTeams({ sportId }: { sportId: number }) {
  const toast = useToast();
  const askAgain = useAskAgain();
  const load = useImportTeams();
  const [started, setStarted] = useState<{ jobId: number; sportId: number }>();
  const job = useJobStatus(started?.jobId);
  const announced = useRef<number>(undefined);
  const running = load.isMutating || (started !== undefined && !(job.data && isFinished(job.data)) && !job.error);

  useEffect(() => {
    const finished = job.data && isFinished(job.data) ? job.data : undefined;
    if (!finished || !started || announced.current === finished.jobId) return;
    announced.current = finished.jobId;
    if (finished.status === 'failed') toast.notifyError(finished.error);
    else toast.notify('success', `Imported: ${countsText(finished.counts ?? {})}`);
    askAgain(isInvalidatedByJobOf(contracts.importTeams));
  }, [job.data, started, toast, askAgain]);

  useEffect(() => {
    if (job.error) toast.notifyError(job.error);
  }, [job.error, toast]);

  const start = async () => {
    try {
      const queued = await load.trigger(sportId);
      toast.notify('info', 'Loading...');
      setStarted({ jobId: queued.jobId, sportId });
    } catch (error) {
      toast.notifyError(error);
    }
  };

  return (
    <Button onClick={() => void start()} isLoading={running}>
      Load Teams
    </Button>
  );
}
