import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { holdsAll, parsePermissions, Permission } from '#domain/auth/permissions.ts';
import { UserStatus } from '#domain/auth/user.ts';
import { newUserForm, profileForm } from '#domain/contracts/users.ts';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { changedFields } from '@/lib/changed-fields';
import { useDialogSave } from '@/lib/use-dialog-save';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { tenantDomain } from '@/lib/tenant';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog } from '@/ui/form-dialog';
import { Select } from '@/ui/select';
import { TextField } from '@/ui/text-field';
import { useCheckLogin } from '../api/check-login';
import { useCreateUser } from '../api/create-user';
import { useEditUser } from '../api/edit-user';
import { useRoleChoices } from '../api/get-role-choices';
import type { UserListRow } from '../api/get-users';

/** The login is checked once typing has paused this long (docs/rules.md, Create user). */
const loginCheckDelayMs = 500;
const mailSettings = ['pickReminders', 'announcementMails'] as const;
const mailLabels = { pickReminders: 'Pick reminder mails', announcementMails: 'Announcement mails' };

/** The role a new user gets unless a client manager chooses another. */
const defaultRoleName = 'Bettor';

// The server's own rules, so the messages match what it would answer.
const createFields = z.pick(newUserForm, {
  login: true,
  emailAddress: true,
  displayName: true,
  firstName: true,
  lastName: true,
  middleName: true,
  phoneNumber: true,
});
const editFields = z.extend(z.pick(profileForm, { displayName: true, firstName: true, lastName: true }), {
  emailAddress: newUserForm.shape.emailAddress,
});

const names = ['displayName', 'firstName', 'lastName'] as const;
/** What an edit of another user may change besides the names: the e-mail address (one's own is read-only). */
const othersFields = [...names, 'emailAddress'] as const;

interface UserFields {
  login: string;
  emailAddress: string;
  displayName: string;
  firstName: string;
  lastName: string;
  middleName: string;
  phoneNumber: string;
}

/**
 * Creates a user, or edits the one given: names, role and whether they are active. A new user's client and role are
 * chosen only by a holder of 'delete clients'; others create Bettors of their own client. In an edit, the role is one
 * of the editor's own client holding no permission the editor lacks (the server's rule, docs/rules.md, Users); nobody
 * changes their own role or status.
 */
export function UserFormDialog({ user, onClose }: { user?: UserListRow; onClose: () => void }) {
  const { data: me } = useSignedInUser();
  const choosesClient = me !== undefined && holdsPermissions(me, [Permission.DeleteClients]);
  // A user whose role holds a permission the editor lacks keeps role and status (the server's rule too).
  const changesRole =
    user !== undefined &&
    me !== undefined &&
    user.id !== me.id &&
    !user.outranksYou &&
    user.clientId === me.clientId &&
    holdsPermissions(me, [Permission.EditUsers, Permission.ViewRoles]);
  // Whether another user may sign in, and where their password links go; nobody changes their own (the server's rule).
  const changesStatus = user !== undefined && me !== undefined && user.id !== me.id && !user.outranksYou;
  const editsAnother = user !== undefined && me !== undefined && user.id !== me.id;
  const wasActive = user?.active === UserStatus.Active;
  const [active, setActive] = useState(wasActive);
  // Another's mails, as they asked (a role without the profile page has no switches of its own): sent when changed.
  const mailsWere = {
    pickReminders: user?.pickReminders !== false,
    announcementMails: user?.announcementMails !== false,
  };
  const [mails, setMails] = useState(mailsWere);
  const clients = useClientChoices(choosesClient && !user);
  const roles = useRoleChoices(user ? changesRole : choosesClient);
  const [clientId, setClientId] = useState(user?.clientId ?? me?.clientId);
  const [chosenRoleId, setChosenRoleId] = useState(user?.roleId);

  const form = useForm<UserFields>({
    resolver: zodResolver(user ? editFields : createFields) as never,
    defaultValues: {
      login: '',
      emailAddress: user?.emailAddress ?? '',
      displayName: user?.displayName ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      middleName: '',
      phoneNumber: '',
    },
  });
  const { errors } = form.formState;

  const held = me ? parsePermissions(me.permissions) : [];
  const clientRoles = roles.data?.filter(
    (role) =>
      role.clientId === clientId &&
      // The user's own role stays in the list, so it shows as chosen even when the editor could not give it.
      (!user || role.id === user.roleId || holdsAll(held, role.permissions)),
  );
  const roleId = chosenRoleId ?? clientRoles?.find((role) => role.name === defaultRoleName)?.id;
  const domain = choosesClient ? clients.data?.find((client) => client.id === clientId)?.domain : tenantDomain();

  const login = form.watch('login').trim();
  const settledLogin = useDebouncedValue(login, loginCheckDelayMs);
  const loginCheck = useCheckLogin(user ? null : settledLogin || null, domain);
  const checkingLogin = !user && (login !== settledLogin || loginCheck.isLoading);
  const loginError = errors.login?.message ?? (login === settledLogin ? loginCheck.error?.message : undefined);
  const rolesMissing = choosesClient && roleId === undefined;
  const blocked = !user && (checkingLogin || loginCheck.error !== undefined || domain === undefined || rolesMissing);

  const creation = useCreateUser();
  const edit = useEditUser();
  const { save, failure } = useDialogSave(onClose);

  const submit = form.handleSubmit(async (fields) => {
    if (blocked) return;
    await save(
      async () => {
        if (user) {
          await edit.trigger(
            {
              id: user.id,
              // A client manager edits the users of the client the page shows (docs/rules.md, Client scope).
              clientId: user.clientId,
              // The names changed only: one sent as it was when the dialog opened would undo a rename made since.
              ...changedFields(user, fields, changesStatus ? othersFields : names),
              ...(changesRole && roleId !== undefined && roleId !== user.roleId ? { roleId } : {}),
              ...(changesStatus && active !== wasActive ? { active } : {}),
              ...(editsAnother ? changedFields(mailsWere, mails, mailSettings) : {}),
            },
            { throwOnError: true },
          );
        } else {
          await creation.trigger(
            {
              ...fields,
              domain: domain ?? '',
              active: true,
              ...(choosesClient ? { clientId, roleId } : {}),
            },
            { throwOnError: true },
          );
        }
        return 'Changes Saved.';
      },
      { editing: user !== undefined },
    );
  });

  const roleChooser = (user ? changesRole : choosesClient) && (
    <Select
      label="Role"
      options={(clientRoles ?? []).map((role) => ({ value: role.id, label: role.name }))}
      value={roleId}
      onChange={setChosenRoleId}
      // Refused everything until given another role (docs/rules.md, Roles).
      placeholder={user?.roleDeleted && roleId === user.roleId ? 'Deleted role: choose another' : undefined}
      error={roles.error ? 'The roles could not be loaded' : undefined}
    />
  );

  if (user) {
    return (
      <FormDialog
        failure={failure}
        title={`Edit user ${user.login}`}
        submitLabel="Save"
        isSaving={edit.isMutating}
        onClose={onClose}
        onSubmit={(event) => void submit(event)}
      >
        <TextField label="Display name" error={errors.displayName?.message} {...form.register('displayName')} />
        <TextField label="First name" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label="Last name" error={errors.lastName?.message} {...form.register('lastName')} />
        {changesStatus && (
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            hint="A link to set the password mailed before no longer works once it changes."
            error={errors.emailAddress?.message}
            {...form.register('emailAddress')}
          />
        )}
        {roleChooser}
        {changesRole && roleId !== user.roleId && (
          <p className="muted">{`${user.login} is signed out and signs in again under the new role.`}</p>
        )}
        {changesStatus && (
          <Checkbox label="Active" checked={active} onChange={(event) => setActive(event.target.checked)} />
        )}
        {changesStatus && wasActive && !active && (
          <p className="muted">{`${user.login} is signed out and cannot sign in until made active again.`}</p>
        )}
        {editsAnother &&
          mailSettings.map((name) => (
            <Checkbox
              key={name}
              label={mailLabels[name]}
              checked={mails[name]}
              onChange={(event) => setMails({ ...mails, [name]: event.target.checked })}
            />
          ))}
        {user.outranksYou && (
          <p className="muted">{`${user.login}'s role holds permissions you lack: their role, status and e-mail stay.`}</p>
        )}
      </FormDialog>
    );
  }

  return (
    <FormDialog
      failure={failure}
      title="Create user"
      submitLabel="Create"
      isSaving={creation.isMutating}
      submitDisabled={blocked}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      {choosesClient && (
        <Select
          label="Client"
          options={(clients.data ?? []).map((client) => ({ value: client.id, label: client.name }))}
          value={clientId}
          onChange={(value) => {
            setClientId(value);
            setChosenRoleId(undefined);
          }}
        />
      )}
      {roleChooser}
      <TextField
        label="Login"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={loginError}
        hint={login && !checkingLogin && loginCheck.data ? 'This login is available' : undefined}
        {...form.register('login')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.emailAddress?.message}
        {...form.register('emailAddress')}
      />
      <TextField label="Display name" error={errors.displayName?.message} {...form.register('displayName')} />
      <TextField label="First name" error={errors.firstName?.message} {...form.register('firstName')} />
      <TextField label="Middle name" error={errors.middleName?.message} {...form.register('middleName')} />
      <TextField label="Last name" error={errors.lastName?.message} {...form.register('lastName')} />
      <TextField
        label="Phone number"
        type="tel"
        error={errors.phoneNumber?.message}
        {...form.register('phoneNumber')}
      />
    </FormDialog>
  );
}
