import { canActAcrossClients, isSystemAdministrator, parsePermissions, Permission } from '#domain/auth/permissions.ts';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResourceList } from '@/lib/use-resource-list';
import { Button } from '@/ui/button';
import { ResourcePage, RowAction } from '@/ui/resource-page';
import type { TableColumn } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeleteRole } from '@/features/roles/api/delete-role';
import { type RoleListRow, useRoleList } from '@/features/roles/api/get-role-list';
import { RoleDialog } from './role-dialog';
import '@/features/roles/roles.css';

/** Only roles users made may be edited; the others can only be deleted. */
const userCreatedCategory = 'user created role';

const columns: TableColumn<RoleListRow>[] = [
  { key: 'name', header: 'Role', render: (role) => role.name },
  { key: 'client', header: 'Client name', render: (role) => role.clientName },
  { key: 'category', header: 'Category', render: (role) => role.roleCategory },
];

/** The Roles page of the management area: the roles table and its create, edit and delete dialogs. */
export function RolesPage() {
  useDocumentTitle('Roles');
  const { data: user } = useSignedInUser();
  const list = useResourceList<RoleListRow>();
  const roles = useRoleList(list.page, list.pageSize);
  useErrorToast(roles.error);
  const deletion = useDeleteRole();

  // A system administrator (who manages every client) may choose the role's client or make a System Role.
  const isSystemAdmin =
    user !== undefined &&
    holdsPermissions(user, [Permission.ViewClients, Permission.EditClients, Permission.DeleteClients]);
  const formOpen = list.dialog !== undefined && list.dialog.kind !== 'delete';
  const clients = useClientChoices(isSystemAdmin && formOpen);
  useErrorToast(clients.error);

  if (!user) return null;
  const canEdit = holdsPermissions(user, [Permission.EditRoles]);
  const canDelete = holdsPermissions(user, [Permission.DeleteRoles]);
  const dialogUser = { clientId: user.clientId, client: user.client, held: parsePermissions(user.permissions) };
  // A role in the caller's reach (the server's rule, docs/rules.md, Roles): a System Role a system administrator's
  // only, another client's a client manager's.
  const inReach = (role: RoleListRow) =>
    role.clientId === null
      ? isSystemAdministrator(dialogUser.held)
      : role.clientId === user.clientId || canActAcrossClients(dialogUser.held);

  return (
    <ResourcePage
      title="Roles"
      subtitle="What each role of a client may do, by its permissions"
      actions={canEdit && <Button onClick={() => list.open({ kind: 'create' })}>Create new role</Button>}
      caption="Roles"
      noun="roles"
      className="roles"
      columns={columns}
      rowKey={(role) => role.id}
      rows={{ data: roles.data?.data, error: roles.error, isLoading: roles.isLoading }}
      total={roles.data?.total}
      emptyText="No roles yet."
      list={list}
      rowActions={
        canEdit || canDelete
          ? (role) => (
              <>
                {canEdit && inReach(role) && role.roleCategory === userCreatedCategory && (
                  <RowAction
                    label="Edit"
                    row={`role ${role.name}`}
                    onClick={() => list.open({ kind: 'edit', row: role })}
                  />
                )}
                {canDelete && inReach(role) && (role.roleCategory === userCreatedCategory || isSystemAdmin) && (
                  <RowAction
                    label="Delete"
                    row={`role ${role.name}`}
                    onClick={() => list.open({ kind: 'delete', row: role })}
                  />
                )}
              </>
            )
          : undefined
      }
      form={(role) => (
        <RoleDialog
          role={role}
          user={dialogUser}
          chooseClient={isSystemAdmin}
          clients={clients.data}
          onClose={list.close}
        />
      )}
      remove={{
        title: 'Delete role',
        notice: 'Role has been deleted',
        run: (role) => deletion.trigger(role.id, { throwOnError: true }),
        // A role nobody holds is archived; the server says so when somebody still holds it.
        describe: (role) => (
          <>
            Delete the role <strong>{role.name}</strong> ({role.clientName})? Only a role nobody holds can be deleted.
          </>
        ),
      }}
    />
  );
}
