import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { formatCreatedDate } from '@/lib/format';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Pagination, pageCount } from '@/ui/pagination';
import { Table, type TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeleteClient } from '../api/delete-client';
import { type ClientRow, useClients } from '../api/get-clients';
import { ClientFormDialog } from './client-form-dialog';
import { ClientPrizesDialog } from './client-prizes-dialog';
import { ClientSportsDialog } from './client-sports-dialog';
import { UserActivityDialog } from './user-activity-dialog';
import '../clients.css';

/** List pages offer 10, 25 or 50 rows and start with 50 (docs/rules.md, Tables and selects). */
const pageSizes = [10, 25, 50] as const;
const defaultPageSize = 50;

type OpenDialog =
  { kind: 'create' } | { kind: 'edit' | 'delete' | 'users' | 'sports' | 'prizes'; client: ClientRow } | undefined;

/** The clients (tenants): create, edit and delete them, and run each one's users overview, sports and prizes. */
export function ClientsPage() {
  useDocumentTitle('Clients');
  const { data: user } = useSignedInUser();
  // Deleting a client needs 'delete clients' (the server refuses it to anyone else).
  const mayDelete = user !== undefined && holdsPermissions(user, [Permission.DeleteClients]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(defaultPageSize);
  const { data, error, isLoading } = useClients(page, pageSize);
  useErrorToast(error);
  const [dialog, setDialog] = useState<OpenDialog>();
  const close = () => setDialog(undefined);
  const deletion = useDeleteClient();

  // Deleting the last client of the last page leaves that page empty: show the page before it.
  const lastPage = pageCount(data?.total ?? 0, pageSize);
  if (data && page > lastPage) setPage(lastPage);

  const action = (kind: Exclude<NonNullable<OpenDialog>['kind'], 'create'>, client: ClientRow, label: string) => (
    <Button variant="ghost" className="clients-table__action" onClick={() => setDialog({ kind, client })}>
      {label}
    </Button>
  );

  const columns: TableColumn<ClientRow>[] = [
    { key: 'name', header: 'Name', render: (client) => client.name },
    { key: 'dateCreated', header: 'Date Created', render: (client) => formatCreatedDate(client.dateCreated) },
    { key: 'domain', header: 'Domain', render: (client) => client.domain },
    {
      key: 'actions',
      header: 'Actions',
      render: (client) => (
        <div className="clients-table__actions">
          {action('users', client, 'Show Users')}
          {action('sports', client, 'Edit Sports')}
          {action('prizes', client, 'Edit Prizes')}
          {action('edit', client, 'Edit')}
          {mayDelete && action('delete', client, 'Delete')}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Clients</h1>
          <p className="page-subtitle">The organisations that play, each on its own domain</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })}>Create Client</Button>
      </div>
      <Table
        caption="Clients"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(client) => client.id}
        emptyText={isLoading ? 'Loading…' : 'No clients yet'}
      />
      {data && (
        <Pagination
          label="Clients"
          page={page}
          pageSize={pageSize}
          total={data.total}
          pageSizes={pageSizes}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}

      {dialog?.kind === 'create' && <ClientFormDialog onClose={close} />}
      {dialog?.kind === 'edit' && <ClientFormDialog client={dialog.client} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Client"
        confirmLabel="Delete"
        onClose={close}
        onConfirm={() =>
          dialog?.kind === 'delete' ? deletion.trigger(dialog.client.id, { throwOnError: true }) : Promise.resolve()
        }
        doneNotice="Client has been deleted"
      >
        {dialog?.kind === 'delete' && (
          <p>
            Delete <strong>{dialog.client.name}</strong>? It leaves the list and its users can no longer sign in; its
            data and its domain are kept.
          </p>
        )}
      </ConfirmDialog>
      {dialog?.kind === 'users' && <UserActivityDialog client={dialog.client} onClose={close} />}
      {dialog?.kind === 'sports' && <ClientSportsDialog client={dialog.client} onClose={close} />}
      {dialog?.kind === 'prizes' && <ClientPrizesDialog client={dialog.client} onClose={close} />}
    </>
  );
}
