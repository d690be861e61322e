import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ZoneNote } from '@/lib/zone-note';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePicksFilters } from '../picks-filters';
import { PicksBoard } from './picks-board';

/** A link may name the tab to open on (`?tab=bonus`, the dashboard's 'Pick a bonus game'); then the toggle owns it. */
function useTabFromLink() {
  const [params, setParams] = useSearchParams();
  const { setMode } = usePicksFilters(undefined);
  const asked = params.get('tab');
  useLayoutEffect(() => {
    if (asked === null) return;
    if (asked === 'bonus' || asked === 'regular') setMode(asked);
    setParams(
      (current) => {
        current.delete('tab');
        return current;
      },
      { replace: true },
    );
  }, [asked, setMode, setParams]);
}

export function PicksPage() {
  useDocumentTitle('Picks');
  useTabFromLink();
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Picks</h1>
          <p className="page-subtitle">
            Pick five games against the spread: one for 20 points, two for 10 and two for 5.
          </p>
          <ZoneNote />
        </div>
      </div>
      <PicksBoard userId={undefined} ownerName={undefined} />
    </>
  );
}
