import { UserStatus } from '#domain/auth/user.ts';
import { pageOf, useResourceList } from '@/lib/use-resource-list';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { ResourceView, RowAction } from '@/ui/resource-page';
import { StatusDot } from '@/ui/status-dot';
import type { TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeletePrize } from '../api/delete-prize';
import type { ClientRow } from '../api/get-clients';
import { type PrizeRow, usePrizes } from '@/lib/api/get-prizes';
import { PrizeFormDialog } from './prize-form-dialog';

const formatCost = (cost: number) => cost.toLocaleString('en-US', { maximumFractionDigits: 2 });

const columns: TableColumn<PrizeRow>[] = [
  { key: 'name', header: 'Name', render: (prize) => prize.name, wrap: true },
  { key: 'cost', header: 'Cost', align: 'end', render: (prize) => formatCost(prize.cost) },
  {
    key: 'active',
    header: 'Active',
    render: (prize) => <StatusDot status={prize.active ? UserStatus.Active : UserStatus.NotActive} />,
  },
];

/** Edit Prizes: the client's prizes, with add, edit and delete (the server answers them whole; paged here). */
export function ClientPrizesDialog({ client, onClose }: { client: ClientRow; onClose: () => void }) {
  const prizes = usePrizes(client.id);
  useErrorToast(prizes.error);
  const list = useResourceList<PrizeRow>();
  const deletion = useDeletePrize();

  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit Prizes: ${client.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => list.open({ kind: 'create' })}>Add Prize</Button>
        </>
      }
    >
      <ResourceView
        caption={`Prizes of ${client.name}`}
        noun="prizes"
        className="client-prizes"
        columns={columns}
        rowKey={(prize) => prize.id}
        rows={{ data: prizes.data && pageOf(prizes.data, list), error: prizes.error, isLoading: prizes.isLoading }}
        total={prizes.data?.length}
        emptyText="The client has no prizes yet."
        list={list}
        rowActions={(prize) => (
          <>
            <RowAction
              label="Edit"
              row={`prize ${prize.name}`}
              onClick={() => list.open({ kind: 'edit', row: prize })}
            />
            <RowAction
              label="Delete"
              row={`prize ${prize.name}`}
              onClick={() => list.open({ kind: 'delete', row: prize })}
            />
          </>
        )}
        form={(prize) => <PrizeFormDialog clientId={client.id} prize={prize} onClose={list.close} />}
        remove={{
          title: 'Delete Prize',
          notice: 'Prize has been deleted',
          run: (prize) => deletion.trigger(prize.id, { throwOnError: true }),
          describe: (prize) => (
            <>
              Delete the prize <strong>{prize.name}</strong>? It leaves the list.
            </>
          ),
        }}
      />
    </Modal>
  );
}
