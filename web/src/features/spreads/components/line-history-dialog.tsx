import type { SpreadRow } from '#domain/contracts/spreads.ts';
import { formatMoment } from '@/lib/format';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { type LineChange, useLineHistory } from '../api/get-line-history';
import { formatLine } from '../spread-value';

const kinds: Record<LineChange['kind'], string> = {
  affiliate: 'Affiliate line',
  manual: 'Manual line',
  cleared: 'Reset to the affiliate',
};

const columns: TableColumn<LineChange>[] = [
  { key: 'at', header: 'When', render: (change) => <time dateTime={change.at}>{formatMoment(change.at)}</time> },
  { key: 'actor', header: 'Who', render: (change) => change.actorName },
  { key: 'affiliate', header: 'Affiliate', render: (change) => change.affiliateName },
  { key: 'kind', header: 'Change', render: (change) => kinds[change.kind] },
  {
    key: 'line',
    header: 'Home line',
    render: (change) => (change.kind === 'cleared' ? '' : formatLine(change.homeLine)),
  },
];

export interface LineHistoryDialogProps {
  game: SpreadRow;
  onClose: () => void;
}

/** Every line the game had, oldest first: who set it, when, at which affiliate. */
export function LineHistoryDialog({ game, onClose }: LineHistoryDialogProps) {
  const history = useLineHistory(game.gameId);
  const title = `Line history: ${game.awayTeamName} @ ${game.homeTeamName}`;
  return (
    <Modal open onClose={onClose} title={title}>
      {history.data ? (
        <Table
          caption={title}
          columns={columns}
          rows={history.data}
          rowKey={(change) => `${change.at}-${change.affiliateId}-${change.kind}`}
          emptyText="No line yet."
        />
      ) : history.error ? (
        <p className="muted">The history could not be loaded: {history.error.message}</p>
      ) : (
        <div className="loading-block">
          <Spinner label="Loading the history…" />
        </div>
      )}
    </Modal>
  );
}
