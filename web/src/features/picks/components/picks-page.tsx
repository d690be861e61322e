import { ZoneNote } from '@/lib/zone-note';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PicksBoard } from './picks-board';

export function PicksPage() {
  useDocumentTitle('Picks');
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
