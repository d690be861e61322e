import { Permission } from '#domain/auth/permissions.ts';
import { defaultTimeZone } from '#domain/season/zoned-time.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { formatCreatedDate } from '@/lib/format';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResourceList } from '@/lib/use-resource-list';
import { ZoneNote } from '@/lib/zone-note';
import { Button } from '@/ui/button';
import { ResourcePage, RowAction } from '@/ui/resource-page';
import type { TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeleteClient } from '../api/delete-client';
import { type ClientRow, useClients } from '../api/get-clients';
import { ClientFormDialog } from './client-form-dialog';
import { ClientPrizesDialog } from './client-prizes-dialog';
import { ClientSportsDialog } from './client-sports-dialog';
import { UserActivityDialog } from './user-activity-dialog';
import '../clients.css';

const columns: TableColumn<ClientRow>[] = [
  { key: 'name', header: 'Name', render: (client) => client.name },
  { key: 'dateCreated', header: 'Date Created', render: (client) => formatCreatedDate(client.dateCreated) },
  { key: 'domain', header: 'Domain', render: (client) => client.domain },
  { key: 'inviteOnly', header: 'Sign-up', render: (client) => (client.inviteOnly ? 'Invite only' : 'Open') },
];

/** The clients (tenants): create, edit and delete them, and run each one's users overview, sports and prizes. */
export function ClientsPage() {
  useDocumentTitle('Clients');
  const { data: user } = useSignedInUser();
  // Deleting a client needs 'delete clients', its users overview 'view users' (the server refuses them to anyone else).
  const mayDelete = user !== undefined && holdsPermissions(user, [Permission.DeleteClients]);
  const mayShowUsers = user !== undefined && holdsPermissions(user, [Permission.ViewUsers]);
  const list = useResourceList<ClientRow, 'users' | 'sports' | 'prizes'>();
  const clients = useClients(list.page, list.pageSize);
  useErrorToast(clients.error);
  const deletion = useDeleteClient();
  const { dialog } = list;

  const action = (kind: 'users' | 'sports' | 'prizes' | 'edit' | 'delete', client: ClientRow, label: string) => (
    <RowAction label={label} row={`client ${client.name}`} onClick={() => list.open({ kind, row: client })} />
  );

  return (
    <ResourcePage
      title="Clients"
      subtitle="The organisations that play, each on its own domain"
      // A client plays no one sport: its Date Created is the day in the product's own zone.
      note={<ZoneNote zone={defaultTimeZone} />}
      actions={<Button onClick={() => list.open({ kind: 'create' })}>Create Client</Button>}
      caption="Clients"
      noun="clients"
      className="clients"
      columns={columns}
      rowKey={(client) => client.id}
      rows={{ data: clients.data?.data, error: clients.error, isLoading: clients.isLoading }}
      total={clients.data?.total}
      emptyText="No clients yet"
      list={list}
      rowActions={(client) => (
        <>
          {mayShowUsers && action('users', client, 'Show Users')}
          {action('sports', client, 'Edit Sports')}
          {action('prizes', client, 'Edit Prizes')}
          {action('edit', client, 'Edit')}
          {/* The system client and the caller's own stay (the server refuses: 409 SYSTEM_CLIENT, OWN_CLIENT). */}
          {mayDelete &&
            client.domain !== systemDomain &&
            client.id !== user?.clientId &&
            action('delete', client, 'Delete')}
        </>
      )}
      form={(client) => <ClientFormDialog client={client} onClose={list.close} />}
      remove={{
        title: 'Delete Client',
        notice: 'Client has been deleted',
        run: (client) => deletion.trigger(client.id, { throwOnError: true }),
        describe: (client) => (
          <>
            Delete <strong>{client.name}</strong>? It leaves the list and its users can no longer sign in; its data and
            its domain are kept.
          </>
        ),
      }}
    >
      {dialog?.kind === 'users' && <UserActivityDialog client={dialog.row} onClose={list.close} />}
      {dialog?.kind === 'sports' && <ClientSportsDialog client={dialog.row} onClose={list.close} />}
      {dialog?.kind === 'prizes' && <ClientPrizesDialog client={dialog.row} onClose={list.close} />}
    </ResourcePage>
  );
}
