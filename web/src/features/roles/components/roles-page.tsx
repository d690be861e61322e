import { useEffect, useState } from 'react';
import { parsePermissions, Permission } from '#domain/auth/permissions.ts';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Pagination, pageCount } from '@/ui/pagination';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { type RoleListRow, useRoleList } from '@/features/roles/api/get-role-list';
import { DeleteRoleDialog } from './delete-role-dialog';
import { RoleDialog } from './role-dialog';
import '@/features/roles/roles.css';

// Role lists are fetched 100 at a time; the page navigation appears once there are more rows than one page shows.
const defaultPageSize = 100;
const pageSizes = [10, 25, 50, 100] as const;

/** Only roles users made may be edited; the others can only be deleted. */
const userCreatedCategory = 'user created role';

type Dialog = { kind: 'create' } | { kind: 'edit'; role: RoleListRow } | { kind: 'delete'; role: RoleListRow };

/** The Roles page of the management area: the roles table and its create, edit and delete dialogs. */
export function RolesPage() {
  useDocumentTitle('Roles');
  const { data: user } = useSignedInUser();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [dialog, setDialog] = useState<Dialog>();
  const roles = useRoleList(page, pageSize);
  useErrorToast(roles.error);

  // A system administrator (who manages every client) may choose the role's client or make a System Role.
  const isSystemAdmin =
    user !== undefined &&
    holdsPermissions(user, [Permission.ViewClients, Permission.EditClients, Permission.DeleteClients]);
  const clients = useClientChoices(isSystemAdmin && dialog !== undefined && dialog.kind !== 'delete');
  useErrorToast(clients.error);

  const total = roles.data?.total;
  // After a delete the last page may be gone: go to the last one that is left.
  useEffect(() => {
    if (total !== undefined && page > pageCount(total, pageSize)) setPage(pageCount(total, pageSize));
  }, [total, page, pageSize]);

  if (!user) return null;
  const canEdit = holdsPermissions(user, [Permission.EditRoles]);
  const canDelete = holdsPermissions(user, [Permission.DeleteRoles]);

  const columns: TableColumn<RoleListRow>[] = [
    { key: 'name', header: 'Role', render: (role) => role.name },
    { key: 'client', header: 'Client name', render: (role) => role.clientName },
    { key: 'category', header: 'Category', render: (role) => role.roleCategory },
  ];
  if (canEdit || canDelete)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (role) => (
        <span className="ui-table__actions">
          {canEdit && role.roleCategory === userCreatedCategory && (
            <Button variant="ghost" onClick={() => setDialog({ kind: 'edit', role })}>
              Edit<span className="visually-hidden"> role {role.name}</span>
            </Button>
          )}
          {canDelete && (role.roleCategory === userCreatedCategory || isSystemAdmin) && (
            <Button variant="ghost" onClick={() => setDialog({ kind: 'delete', role })}>
              Delete<span className="visually-hidden"> role {role.name}</span>
            </Button>
          )}
        </span>
      ),
    });

  const close = () => setDialog(undefined);
  const dialogUser = { clientId: user.clientId, client: user.client, held: parsePermissions(user.permissions) };

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Roles</h1>
          <p className="page-subtitle">What each role of a client may do, by its permissions</p>
        </div>
        {canEdit && <Button onClick={() => setDialog({ kind: 'create' })}>Create new role</Button>}
      </div>
      <section className="roles" aria-busy={roles.isLoading || undefined}>
        {roles.data ? (
          <>
            <Table
              caption="Roles"
              columns={columns}
              rows={roles.data.data}
              rowKey={(role) => role.id}
              emptyText="No roles yet."
            />
            {roles.data.total > Math.min(pageSize, defaultPageSize) && (
              <Pagination
                label="Roles"
                page={page}
                pageSize={pageSize}
                total={roles.data.total}
                pageSizes={pageSizes}
                onPageChange={setPage}
                onPageSizeChange={(size) => {
                  setPageSize(size);
                  setPage(1);
                }}
              />
            )}
          </>
        ) : roles.error ? (
          <p className="muted">The roles could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading the roles…" />
          </div>
        )}
      </section>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <RoleDialog
          key={dialog.kind === 'edit' ? dialog.role.id : 'new'}
          role={dialog.kind === 'edit' ? dialog.role : undefined}
          user={dialogUser}
          chooseClient={isSystemAdmin}
          clients={clients.data}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteRoleDialog role={dialog.role} onClose={close} />}
    </>
  );
}
