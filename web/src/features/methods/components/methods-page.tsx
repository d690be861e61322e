import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResourceList } from '@/lib/use-resource-list';
import { Button } from '@/ui/button';
import { ResourcePage, RowAction } from '@/ui/resource-page';
import { Select } from '@/ui/select';
import type { TableColumn } from '@/ui/table';
import { TextField } from '@/ui/text-field';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeleteMethod } from '@/features/methods/api/delete-method';
import { type MethodRow, useMethodList } from '@/features/methods/api/get-method-list';
import { MethodDialog } from './method-dialog';
import '@/features/methods/methods.css';

const columns: TableColumn<MethodRow>[] = [
  { key: 'purpose', header: 'Purpose', render: (method) => method.methodPurpose },
  { key: 'type', header: 'Type', render: (method) => method.methodType },
  { key: 'url', header: 'URL', render: (method) => <span className="methods__url">{method.url}</span> },
];

/**
 * The Methods page: a client's integration methods (its own system approving new logins). Who may list
 * clients chooses one, starting on their own (the system client's administrator on the first other client);
 * anyone else sees their own client's. Changing methods needs 'create and modify clients'.
 */
export function MethodsPage() {
  useDocumentTitle('Methods');
  const { data: user } = useSignedInUser();
  const canListClients = user !== undefined && holdsPermissions(user, [Permission.ViewClients]);
  const clients = useClientChoices(canListClients);
  useErrorToast(clients.error);
  const [chosenClientId, setChosenClientId] = useState<number>();
  // The system client takes no sign-ups: one whose client it is starts on the first other client.
  const waitingForClients = canListClients && !clients.data && !clients.error;
  const ownIsSystem = clients.data?.some((client) => client.id === user?.clientId && client.domain === systemDomain);
  const otherClientId = clients.data?.find((client) => client.domain !== systemDomain)?.id;
  const clientId =
    chosenClientId ?? (waitingForClients ? undefined : ((ownIsSystem ? otherClientId : undefined) ?? user?.clientId));
  const methods = useMethodList(clientId);
  useErrorToast(methods.error);
  const list = useResourceList<MethodRow>();
  const deletion = useDeleteMethod();

  if (!user || clientId === undefined) return null;
  const canEdit = holdsPermissions(user, [Permission.EditClients]);
  const clientName = clients.data?.find((client) => client.id === clientId)?.name ?? user.client;

  return (
    <ResourcePage
      title="Methods"
      subtitle="How a client's own system approves new logins"
      // A client has one method at most (its one purpose, docs/rules.md, Methods): that one is edited.
      actions={
        canEdit &&
        methods.data?.length === 0 && <Button onClick={() => list.open({ kind: 'create' })}>Add method</Button>
      }
      toolbar={
        <div className="methods__client">
          {canListClients ? (
            <Select
              label="Client"
              options={(clients.data ?? []).map((client) => ({ value: client.id, label: client.name }))}
              value={clients.data ? clientId : undefined}
              placeholder={clients.data ? 'Select the client' : 'Loading the clients…'}
              disabled={!clients.data}
              onChange={setChosenClientId}
            />
          ) : (
            <TextField label="Client" value={user.client} readOnly />
          )}
        </div>
      }
      caption={`Methods of ${clientName}`}
      noun="methods"
      className="methods"
      columns={columns}
      rowKey={(method) => method.id}
      rows={methods}
      emptyText="No methods yet: new logins are not checked with the client's system."
      list={list}
      rowActions={
        canEdit
          ? (method) => (
              <>
                <RowAction
                  label="Edit"
                  row={`method ${method.url}`}
                  onClick={() => list.open({ kind: 'edit', row: method })}
                />
                <RowAction
                  label="Delete"
                  row={`method ${method.url}`}
                  onClick={() => list.open({ kind: 'delete', row: method })}
                />
              </>
            )
          : undefined
      }
      form={(method) => <MethodDialog clientId={clientId} method={method} onClose={list.close} />}
      remove={{
        title: 'Delete method',
        notice: 'Method deleted',
        run: (method) => deletion.trigger(method.id, { throwOnError: true }),
        // Without a method, the client's new logins are no longer checked.
        describe: (method) => (
          <>
            Delete the {method.methodType} method to <span className="methods__url">{method.url}</span>? Its header
            value is deleted with it. Without a method, new logins are no longer checked with the client&apos;s system.
          </>
        ),
      }}
    />
  );
}
