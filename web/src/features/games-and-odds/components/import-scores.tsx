import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { isFinished, type JobRecord, useJobStatus } from '@/lib/api/get-job-status';
import { useLoadResults } from '@/features/games-and-odds/api/load-results';
import '@/features/games-and-odds/games-and-odds.css';

// Results move points, so every list built from them is asked again: leaderboards, the season chart,
// stats, and the bet and game lists (scores and results). Matched by the path a key starts with, as
// the features that own those keys are not ours to import.
const resultPaths = ['/api/Bet/balance', '/api/Bet/season-points', '/api/Bet/stats', '/api/Bet/list', '/api/Game/list'];
const readsResults = (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && resultPaths.includes(path);
};
// The read models follow the job's events a few seconds behind (docs/rules.md, Read models),
// so the lists are asked again a few times rather than once.
const refreshDelaysMs = [0, 2000, 5000, 10000];

interface ImportCounts {
  results: number;
  changed: number;
  weeksClosed: number;
  penalties: number;
}

const countsText = ({ results = 0, changed = 0, weeksClosed = 0, penalties = 0 }: Partial<ImportCounts>) =>
  `${results} results read, ${changed} games updated, ${weeksClosed} weeks closed, ${penalties} missed-pick penalties`;

function JobState({ job, sportName }: { job: JobRecord | undefined; sportName: string }) {
  if (!job || !isFinished(job)) {
    return (
      <p className="job-state">
        <Spinner size="sm" label={null} /> Importing {sportName} scores{job?.status === 'running' ? '…' : ' (queued)…'}
      </p>
    );
  }
  if (job.status === 'failed')
    return <p className="job-state job-state--failed">The last import failed: {job.error ?? 'An error occurred!'}</p>;
  return <p className="job-state job-state--done">Last import: {countsText(job.counts ?? {})}.</p>;
}

export interface ImportScoresProps {
  sportId: number;
  sportName: string;
}

/** Import Scores (docs/rules.md, Admin loads): runs as a job; 'Loading...' while it runs, then what it did. */
export function ImportScores({ sportId, sportName }: ImportScoresProps) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const load = useLoadResults();
  const [started, setStarted] = useState<{ jobId: number; sportName: string }>();
  const jobId = started?.jobId;
  const job = useJobStatus(jobId);
  const announced = useRef<number>(undefined);
  const running = load.isMutating || (jobId !== undefined && !(job.data && isFinished(job.data)) && !job.error);

  useEffect(() => {
    const finished = job.data && isFinished(job.data) ? job.data : undefined;
    if (!finished || announced.current === finished.jobId) return;
    announced.current = finished.jobId;
    if (finished.status === 'failed') {
      toast.notifyError(finished.error);
      return;
    }
    toast.notify('success', `Imported: ${countsText(finished.counts ?? {})}`);
    // Not cancelled on leaving the page: the pages opened next are the ones that need fresh data.
    for (const delay of refreshDelaysMs) window.setTimeout(() => void mutate(readsResults), delay);
  }, [job.data, toast, mutate]);

  useEffect(() => {
    if (job.error) toast.notifyError(job.error);
  }, [job.error, toast]);

  const start = async () => {
    try {
      const queued = await load.trigger(sportId);
      toast.notify('info', 'Loading...');
      setStarted({ jobId: queued.jobId, sportName });
    } catch (error) {
      toast.notifyError(error);
    }
  };

  return (
    <Card title="Scores" className="import-card">
      <p>
        Fetches the final scores of the {sportName} games, grades every pick against its spread and closes the weeks
        that are over. Players who made no picks in a closed week get the −50 missed-picks penalty.
      </p>
      <div className="import-card__actions">
        <Button onClick={() => void start()} isLoading={running}>
          Import Scores
        </Button>
        <div aria-live="polite" className="import-card__status">
          {started && <JobState job={job.data} sportName={started.sportName} />}
        </div>
      </div>
    </Card>
  );
}
