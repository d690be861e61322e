import { useState } from 'react';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { downloadStandings } from '../api/export-standings';

/** 'Download CSV': the week's standings as a file (docs/rules.md, Standings export). */
export function DownloadStandings({ sportId, weekId }: { sportId: number; weekId: number }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadStandings({ sportId, weekId });
    } catch (error) {
      toast.notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} isLoading={busy}>
      Download CSV
    </Button>
  );
}
