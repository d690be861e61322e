import { useImportJob } from '@/lib/use-import-job';
import { Button } from '@/ui/button';
import { useImportTeams } from '../api/import-teams';

/**
 * Load Teams (docs/rules.md, Admin loads): runs as a job, as Games & Odds' loads do: 'Loading...' while it runs, then
 * what it did; one already running for the sport is followed.
 */
export function ImportTeams({ sportId, sportName }: { sportId: number; sportName: string }) {
  const load = useImportTeams();
  const job = useImportJob('ImportTeams');
  return (
    <Button onClick={() => void job.run(sportName, () => load.trigger(sportId))} isLoading={job.running}>
      Load Teams
    </Button>
  );
}
