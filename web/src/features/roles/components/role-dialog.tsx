import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Permission } from '#domain/auth/permissions.ts';
import { createRole } from '#domain/contracts/roles.ts';
import type { ClientRow } from '@/lib/api/get-client-choices';
import { useDialogSave } from '@/lib/use-dialog-save';
import { FormDialog } from '@/ui/form-dialog';
import { Select, type SelectOption } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { Switch } from '@/ui/switch';
import { TextField } from '@/ui/text-field';
import { useErrorToast } from '@/ui/use-error-toast';
import { useCreateRole } from '@/features/roles/api/create-role';
import { useEditRole } from '@/features/roles/api/edit-role';
import type { RoleListRow } from '@/features/roles/api/get-role-list';
import { usePermissionList } from '@/features/roles/api/get-permission-list';

/** The client chooser's value for a role without client. */
const systemRole = 'system';
type ClientChoice = number | typeof systemRole;

const systemRoleName = 'System Role';
// The server's own rules for the name and the permissions; the client is a choice from the list.
const { name, permissions } = createRole.request.shape;
const fields = z.object({ name, permissions, client: z.union([z.number(), z.literal(systemRole)]) });

export interface RoleDialogProps {
  /** The role edited; left out, the dialog creates one. */
  role?: RoleListRow | undefined;
  /** The signed-in user: who they are decides the client and which permissions they may hand out. */
  user: { clientId: number; client: string; held: readonly Permission[] };
  /** A system administrator chooses the client, or 'System Role'; anyone else makes roles of their own client. */
  chooseClient: boolean;
  /** The clients to choose from (undefined while they load). */
  clients?: readonly ClientRow[] | undefined;
  onClose: () => void;
}

/**
 * Create or edit a role: its name, its client (a system administrator chooses one or 'System Role';
 * anyone else makes roles of their own client) and a toggle per permission. Only permissions the user
 * holds can be switched; the server refuses the others as well.
 */
export function RoleDialog({ role, user, chooseClient, clients, onClose }: RoleDialogProps) {
  const editing = role !== undefined;
  const hintId = useId();
  const { save, failure } = useDialogSave(onClose);
  const create = useCreateRole();
  const edit = useEditRole();
  const permissionList = usePermissionList();
  useErrorToast(permissionList.error);

  const form = useForm({
    resolver: zodResolver(fields),
    defaultValues: {
      name: role?.name ?? '',
      client: (role ? (role.clientId ?? systemRole) : user.clientId) as ClientChoice,
      permissions: role?.permissions ?? [],
    },
  });
  const { errors } = form.formState;
  const client = form.watch('client');
  const permissions = new Set(form.watch('permissions'));
  const saving = create.isMutating || edit.isMutating;

  const clientOptions: SelectOption<ClientChoice>[] = [
    { value: systemRole, label: systemRoleName },
    ...(clients ?? []).map((row) => ({ value: row.id, label: row.name })),
  ];

  const toggle = (code: Permission, on: boolean) =>
    form.setValue('permissions', [...permissions].filter((held) => held !== code).concat(on ? [code] : []));

  // The client's name is sent for display only; the server reads it itself.
  const target = (client: ClientChoice): { clientId: number | null; clientName: string | null } => {
    // A role stays with its client, whoever edits it.
    if (role) return { clientId: role.clientId, clientName: role.clientName };
    if (!chooseClient) return { clientId: user.clientId, clientName: user.client };
    if (client === systemRole) return { clientId: null, clientName: null };
    const known = clients?.find((row) => row.id === client)?.name;
    return { clientId: client, clientName: known ?? (client === user.clientId ? user.client : null) };
  };

  const submit = form.handleSubmit(async (values) => {
    const input = {
      name: values.name.trim(),
      ...target(values.client),
      permissions: [...values.permissions].sort((a, b) => a - b),
    };
    await save(
      async () => {
        if (role) {
          await edit.trigger({ id: role.id, version: role.version, ...input }, { throwOnError: true });
          return 'Role has been edited';
        }
        await create.trigger(input, { throwOnError: true });
        return 'Role has been created';
      },
      { editing },
    );
  });

  return (
    <FormDialog
      failure={failure}
      title={editing ? 'Edit role' : 'Create new role'}
      submitLabel={editing ? 'Save' : 'Create'}
      isSaving={saving}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={100}
        error={errors.name?.message}
        {...form.register('name')}
      />
      {chooseClient && !editing ? (
        <Select
          label="Client"
          options={clientOptions}
          value={client}
          onChange={(value) => form.setValue('client', value)}
        />
      ) : (
        <TextField label="Client" value={role ? role.clientName : user.client} readOnly />
      )}
      <fieldset className="role-permissions">
        <legend className="ui-field__label">Permissions</legend>
        <p className="ui-field__hint" id={hintId}>
          You can switch only the permissions you hold yourself.
        </p>
        {permissionList.data ? (
          <ul className="role-permissions__list">
            {permissionList.data.map((permission) => {
              const allowed = user.held.includes(permission.id);
              return (
                <li key={permission.id}>
                  <Switch
                    label={permission.name}
                    checked={permissions.has(permission.id)}
                    disabled={!allowed}
                    aria-describedby={allowed ? undefined : hintId}
                    onChange={(event) => toggle(permission.id, event.target.checked)}
                  />
                </li>
              );
            })}
          </ul>
        ) : permissionList.error ? (
          <p className="muted">The permissions could not be loaded; saving keeps the role's current ones.</p>
        ) : (
          <Spinner size="sm" label="Loading the permissions…" />
        )}
      </fieldset>
    </FormDialog>
  );
}
