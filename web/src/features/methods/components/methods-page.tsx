import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { TextField } from '@/ui/text-field';
import { useErrorToast } from '@/ui/use-error-toast';
import { type IntegrationMethod, useMethodList } from '@/features/methods/api/get-method-list';
import { DeleteMethodDialog } from './delete-method-dialog';
import { MethodDialog } from './method-dialog';
import '@/features/methods/methods.css';

type Dialog =
  { kind: 'add' } | { kind: 'edit'; method: IntegrationMethod } | { kind: 'delete'; method: IntegrationMethod };

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
  const [dialog, setDialog] = useState<Dialog>();

  if (!user || clientId === undefined) return null;
  const canEdit = holdsPermissions(user, [Permission.EditClients]);
  const clientName = clients.data?.find((client) => client.id === clientId)?.name ?? user.client;

  const columns: TableColumn<IntegrationMethod>[] = [
    { key: 'purpose', header: 'Purpose', render: (method) => method.methodPurpose },
    { key: 'type', header: 'Type', render: (method) => method.methodType },
    { key: 'url', header: 'URL', render: (method) => <span className="methods__url">{method.url}</span> },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (method) => (
        <span className="ui-table__actions">
          <Button variant="ghost" onClick={() => setDialog({ kind: 'edit', method })}>
            Edit<span className="visually-hidden"> method {method.url}</span>
          </Button>
          <Button variant="ghost" onClick={() => setDialog({ kind: 'delete', method })}>
            Delete<span className="visually-hidden"> method {method.url}</span>
          </Button>
        </span>
      ),
    });

  const close = () => setDialog(undefined);

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Methods</h1>
          <p className="page-subtitle">How a client&apos;s own system approves new logins</p>
        </div>
        {canEdit && <Button onClick={() => setDialog({ kind: 'add' })}>Add method</Button>}
      </div>
      <section className="methods" aria-busy={methods.isLoading || undefined}>
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
        {methods.data ? (
          <Table
            caption={`Methods of ${clientName}`}
            columns={columns}
            rows={methods.data}
            rowKey={(method) => method.id}
            emptyText="No methods yet: new logins are not checked with the client's system."
          />
        ) : methods.error ? (
          <p className="muted">The methods could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading the methods…" />
          </div>
        )}
      </section>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <MethodDialog
          key={dialog.kind === 'edit' ? dialog.method.id : 'new'}
          clientId={clientId}
          method={dialog.kind === 'edit' ? dialog.method : undefined}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteMethodDialog method={dialog.method} onClose={close} />}
    </>
  );
}
