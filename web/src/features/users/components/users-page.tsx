import { Fragment, useState } from 'react';
import { lifetimeText, welcomeLinkLifetimeMs } from '#domain/auth/password-reset.ts';
import { Permission } from '#domain/auth/permissions.ts';
import type { UserStatus } from '#domain/auth/user.ts';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResourceList } from '@/lib/use-resource-list';
import { Button, IconButton } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { MailIcon } from '@/ui/icons';
import { ResourcePage, RowAction } from '@/ui/resource-page';
import { StatusDot } from '@/ui/status-dot';
import type { TableColumn } from '@/ui/table';
import { TextField } from '@/ui/text-field';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeleteUser } from '../api/delete-user';
import { useRoleChoices } from '../api/get-role-choices';
import { type UserListRow, useUsers } from '../api/get-users';
import { useSendPasswordLink } from '../api/send-password-link';
import { ImportCsvDialog } from './import-csv-dialog';
import { InviteDialog } from './invite-dialog';
import { phoneText } from './phone-text';
import { UserFormDialog } from './user-form-dialog';
import { UsersFilter } from './users-filter';
import '../users.css';

/** The search and the User ID are sent once typing pauses this long. */
const typingPauseMs = 300;

const fullName = (user: UserListRow) => `${user.firstName} ${user.lastName}`.trim() || user.login;

/** An address that wraps only after its '@' and before its dots, never mid-word: 'alex.c@ | example | .com'. */
function EmailAddress({ address }: { address: string }) {
  return <Breakable text={address} at={/(?<=@)|(?=\.)/} />;
}

/** Text that wraps only at the given points (a <wbr> each), never mid-word; the whole of it is its title. */
function Breakable({ text, at }: { text: string; at: RegExp }) {
  const parts = text.split(at);
  return (
    <span className="users-breakable" title={text}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

const columns: TableColumn<UserListRow>[] = [
  { key: 'id', header: 'ID', render: (user) => user.id },
  { key: 'firstName', header: 'First Name', render: (user) => user.firstName, wrap: true },
  { key: 'lastName', header: 'Last Name', render: (user) => user.lastName, wrap: true },
  { key: 'displayName', header: 'Display Name', render: (user) => user.displayName, wrap: true },
  // A long login wraps before its dots, hyphens and underscores: 'maximilian | .worthington'.
  { key: 'login', header: 'Login', render: (user) => <Breakable text={user.login} at={/(?=[._-])/} />, wrap: true },
  { key: 'phoneNumber', header: 'Phone Number', render: (user) => phoneText(user.phoneNumber) },
  {
    key: 'emailAddress',
    header: 'Email',
    render: (user) => <EmailAddress address={user.emailAddress} />,
    wrap: true,
  },
  { key: 'client', header: 'Client', render: (user) => user.client },
  {
    key: 'active',
    header: 'Active',
    // Refused everything until given another role (docs/rules.md, Roles): their Edit User dialog asks for one.
    render: (user) => (
      <>
        <StatusDot status={user.active} />
        {user.roleDeleted && <span className="users-role-deleted">Role deleted</span>}
      </>
    ),
  },
];

/**
 * The client's users: search, filter and page them; create, edit, delete, mail them a set-password link and import
 * them from a CSV file.
 */
export function UsersPage() {
  useDocumentTitle('Users');
  const { data: me } = useSignedInUser();
  const mayEdit = me !== undefined && holdsPermissions(me, [Permission.EditUsers]);
  const mayDelete = me !== undefined && holdsPermissions(me, [Permission.DeleteUsers]);
  const mayListClients = me !== undefined && holdsPermissions(me, [Permission.ViewClients]);
  const clients = useClientChoices(mayListClients);
  const mayListRoles = me !== undefined && holdsPermissions(me, [Permission.ViewRoles]);
  const roles = useRoleChoices(mayListRoles);

  const list = useResourceList<UserListRow, 'mail', 'import' | 'invite'>();
  const [userId, setUserId] = useState('');
  const [orderBy, setOrderBy] = useState('id');
  const [clientId, setClientId] = useState<number>();
  const [roleId, setRoleId] = useState<number>();
  const [active, setActive] = useState<UserStatus>();
  const settledSearch = useDebouncedValue(list.search, typingPauseMs);
  const settledUserId = useDebouncedValue(userId, typingPauseMs);

  const users = useUsers({
    search: settledSearch,
    id: settledUserId ? Number(settledUserId) : undefined,
    orderBy,
    clientId,
    roleId,
    active,
    page: list.page,
    limit: list.pageSize,
  });
  useErrorToast(users.error);
  const deletion = useDeleteUser();
  const mailing = useSendPasswordLink();
  const mailed = list.dialog?.kind === 'mail' && 'row' in list.dialog ? list.dialog.row : undefined;

  // A new filter starts again from the first page.
  const filtered =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      list.setPage(1);
    };

  // The roles of the client the list shows: the chosen one, or the caller's own.
  const listedClientId = clientId ?? me?.clientId;
  const clientRoles = roles.data?.filter((role) => role.clientId === listedClientId);
  // A role belongs to one client: another client drops the role filter.
  const chooseClient = (value: number) => {
    setClientId(value);
    setRoleId(undefined);
    list.setPage(1);
  };

  return (
    <ResourcePage
      title="Users"
      subtitle="The players and administrators of the client"
      actions={
        mayEdit && (
          <div className="users-toolbar__actions">
            <Button onClick={() => list.open({ kind: 'create' })}>Create user</Button>
            <Button variant="secondary" onClick={() => list.open({ kind: 'import' })}>
              Import CSV file
            </Button>
            <Button variant="secondary" onClick={() => list.open({ kind: 'invite' })}>
              Invite link
            </Button>
          </div>
        )
      }
      toolbar={
        <div className="users-toolbar">
          <TextField
            className="users-toolbar__search"
            label="Search users"
            type="search"
            placeholder="Name, login or e-mail"
            autoComplete="off"
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
          />
          <UsersFilter
            userId={userId}
            onUserIdChange={filtered(setUserId)}
            orderBy={orderBy}
            onOrderByChange={filtered(setOrderBy)}
            clients={mayListClients ? (clients.data ?? []) : undefined}
            clientId={listedClientId}
            onClientIdChange={chooseClient}
            roles={mayListRoles ? clientRoles : undefined}
            roleId={roleId}
            onRoleIdChange={filtered(setRoleId)}
            active={active}
            onActiveChange={filtered(setActive)}
          />
          {/* Under the search box, not under 50 rows a phone scrolls through. */}
          {users.data?.more && (
            <p className="muted users-toolbar__note" role="status">
              The search matches more users than it lists: type more of the name, login or e-mail to narrow it.
            </p>
          )}
        </div>
      }
      caption="Users"
      noun="users"
      className="users"
      columns={columns}
      rowKey={(user) => user.id}
      // Rows of an earlier search are not this one's, also while its typing pauses.
      rows={{
        data: users.data?.data,
        error: users.error,
        isLoading: users.isLoading || list.search !== settledSearch || userId !== settledUserId,
      }}
      total={users.data?.total}
      emptyText="No users match"
      list={list}
      actionsHeader="Action"
      rowActions={
        mayEdit || mayDelete
          ? (user) => (
              <>
                {mayEdit && (
                  <RowAction label="Edit" row={fullName(user)} onClick={() => list.open({ kind: 'edit', row: user })} />
                )}
                {mayEdit && (
                  <IconButton
                    label={`Send set-password mail to ${user.login}`}
                    icon={<MailIcon />}
                    onClick={() => list.open({ kind: 'mail', row: user })}
                  />
                )}
                {mayDelete && user.id !== me?.id && (
                  <RowAction
                    label="Delete"
                    row={fullName(user)}
                    onClick={() => list.open({ kind: 'delete', row: user })}
                  />
                )}
              </>
            )
          : undefined
      }
      form={(user) => <UserFormDialog user={user} onClose={list.close} />}
      remove={{
        title: 'Delete user',
        notice: 'User Deleted.',
        run: (user) => deletion.trigger(user, { throwOnError: true }),
        describe: (user) => (
          <>
            Delete <strong>{fullName(user)}</strong> ({user.login})? They can no longer sign in and leave the lists;
            their picks and results stay.
          </>
        ),
      }}
    >
      {mailed && (
        <ConfirmDialog
          open
          title="Send set-password mail"
          confirmLabel="Send mail"
          onClose={list.close}
          onConfirm={() => mailing.trigger(mailed, { throwOnError: true })}
          doneNotice="Mail sent."
        >
          <p>
            Mail <strong>{fullName(mailed)}</strong> ({mailed.login}) a link to choose a new password at{' '}
            {mailed.emailAddress}? It is valid for {lifetimeText(welcomeLinkLifetimeMs)}, and older links stop working.
          </p>
        </ConfirmDialog>
      )}
      {list.dialog?.kind === 'invite' && <InviteDialog clientId={clientId} onClose={list.close} />}
      {list.dialog?.kind === 'import' && (
        <ImportCsvDialog clientId={clientId} roleNames={clientRoles?.map((role) => role.name)} onClose={list.close} />
      )}
    </ResourcePage>
  );
}
