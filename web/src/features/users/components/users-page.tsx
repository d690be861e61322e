import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import type { UserStatus } from '#domain/auth/user.ts';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Pagination, pageCount } from '@/ui/pagination';
import { StatusDot } from '@/ui/status-dot';
import { Table, type TableColumn } from '@/ui/table';
import { TextField } from '@/ui/text-field';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeleteUser } from '../api/delete-user';
import { useRoleChoices } from '../api/get-role-choices';
import { type UserListRow, useUsers } from '../api/get-users';
import { ImportCsvDialog } from './import-csv-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UsersFilter } from './users-filter';
import '../users.css';

/** List pages offer 10, 25 or 50 rows and start with 50 (docs/rules.md, Tables and selects). */
const pageSizes = [10, 25, 50] as const;
const defaultPageSize = 50;
/** The search and the User ID are sent once typing pauses this long. */
const typingPauseMs = 300;

type OpenDialog = { kind: 'create' | 'import' } | { kind: 'edit' | 'delete'; user: UserListRow } | undefined;

/** The client's users: search, filter and page them; create, edit, delete and import them from a CSV file. */
export function UsersPage() {
  useDocumentTitle('Users');
  const { data: me } = useSignedInUser();
  const mayEdit = me !== undefined && holdsPermissions(me, [Permission.EditUsers]);
  const mayDelete = me !== undefined && holdsPermissions(me, [Permission.DeleteUsers]);
  const mayListClients = me !== undefined && holdsPermissions(me, [Permission.ViewClients]);
  const clients = useClientChoices(mayListClients);
  const mayListRoles = me !== undefined && holdsPermissions(me, [Permission.ViewRoles]);
  const roles = useRoleChoices(mayListRoles);

  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState('');
  const [orderBy, setOrderBy] = useState('id');
  const [clientId, setClientId] = useState<number>();
  const [roleId, setRoleId] = useState<number>();
  const [active, setActive] = useState<UserStatus>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(defaultPageSize);
  const settledSearch = useDebouncedValue(search, typingPauseMs);
  const settledUserId = useDebouncedValue(userId, typingPauseMs);

  const { data, error, isLoading } = useUsers({
    search: settledSearch,
    id: settledUserId ? Number(settledUserId) : undefined,
    orderBy,
    clientId,
    roleId,
    active,
    page,
    limit: pageSize,
  });
  useErrorToast(error);
  const [dialog, setDialog] = useState<OpenDialog>();
  const close = () => setDialog(undefined);
  const deletion = useDeleteUser();

  // Deleting the last user of the last page leaves that page empty: show the page before it.
  const lastPage = pageCount(data?.total ?? 0, pageSize);
  if (data && page > lastPage) setPage(lastPage);

  // A new filter starts again from the first page.
  const filtered =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };

  // The roles of the client the list shows: the chosen one, or the caller's own.
  const listedClientId = clientId ?? me?.clientId;
  const clientRoles = roles.data?.filter((role) => role.clientId === listedClientId);
  // A role belongs to one client: another client drops the role filter.
  const chooseClient = (value: number | undefined) => {
    setClientId(value);
    setRoleId(undefined);
    setPage(1);
  };

  const fullName = (user: UserListRow) => `${user.firstName} ${user.lastName}`.trim() || user.login;
  const columns: TableColumn<UserListRow>[] = [
    { key: 'id', header: 'ID', render: (user) => user.id },
    { key: 'firstName', header: 'First Name', render: (user) => user.firstName },
    { key: 'lastName', header: 'Last Name', render: (user) => user.lastName },
    { key: 'displayName', header: 'Display Name', render: (user) => user.displayName, wrap: true },
    { key: 'login', header: 'Login', render: (user) => user.login },
    { key: 'phoneNumber', header: 'Phone Number', render: (user) => user.phoneNumber },
    { key: 'emailAddress', header: 'Email', render: (user) => user.emailAddress, wrap: true },
    { key: 'client', header: 'Client', render: (user) => user.client },
    { key: 'active', header: 'Active', render: (user) => <StatusDot status={user.active} /> },
  ];
  if (mayEdit || mayDelete) {
    columns.push({
      key: 'action',
      header: 'Action',
      render: (user) => (
        <div className="users-table__actions">
          {mayEdit && (
            <Button
              variant="ghost"
              className="users-table__action"
              aria-label={`Edit ${fullName(user)}`}
              onClick={() => setDialog({ kind: 'edit', user })}
            >
              Edit
            </Button>
          )}
          {mayDelete && user.id !== me?.id && (
            <Button
              variant="ghost"
              className="users-table__action"
              aria-label={`Delete ${fullName(user)}`}
              onClick={() => setDialog({ kind: 'delete', user })}
            >
              Delete
            </Button>
          )}
        </div>
      ),
    });
  }

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Users</h1>
          <p className="page-subtitle">The players and administrators of the client</p>
        </div>
        {mayEdit && (
          <div className="users-toolbar__actions">
            <Button onClick={() => setDialog({ kind: 'create' })}>Create user</Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
              Import CSV file
            </Button>
          </div>
        )}
      </div>
      <div className="users-toolbar">
        <TextField
          className="users-toolbar__search"
          label="Search users"
          type="search"
          placeholder="Name, login or e-mail"
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <UsersFilter
          userId={userId}
          onUserIdChange={filtered(setUserId)}
          orderBy={orderBy}
          onOrderByChange={filtered(setOrderBy)}
          clients={mayListClients ? (clients.data ?? []) : undefined}
          clientId={clientId}
          onClientIdChange={chooseClient}
          roles={mayListRoles ? clientRoles : undefined}
          roleId={roleId}
          onRoleIdChange={filtered(setRoleId)}
          active={active}
          onActiveChange={filtered(setActive)}
        />
      </div>
      <Table
        caption="Users"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(user) => user.id}
        emptyText={isLoading ? 'Loading…' : 'No users match'}
      />
      {data && (
        <Pagination
          label="Users"
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

      {dialog?.kind === 'create' && <UserFormDialog onClose={close} />}
      {dialog?.kind === 'edit' && <UserFormDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'import' && (
        <ImportCsvDialog
          roleNames={roles.data?.filter((role) => role.clientId === me?.clientId).map((role) => role.name)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete user"
        confirmLabel="Delete"
        onClose={close}
        onConfirm={() =>
          dialog?.kind === 'delete' ? deletion.trigger(dialog.user.id, { throwOnError: true }) : Promise.resolve()
        }
        doneNotice="User Deleted."
      >
        {dialog?.kind === 'delete' && (
          <p>
            Delete <strong>{fullName(dialog.user)}</strong> ({dialog.user.login})? They can no longer sign in and leave
            the lists; their picks and results stay.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
