import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { createClient } from '#domain/contracts/clients.ts';
import { clientDomain, name } from '#domain/contracts/fields.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { changedFields } from '@/lib/changed-fields';
import { useDialogSave } from '@/lib/use-dialog-save';
import { FormDialog } from '@/ui/form-dialog';
import { TextField } from '@/ui/text-field';
import { useCreateClient } from '../api/create-client';
import { useEditClient } from '../api/edit-client';
import type { ClientRow } from '../api/get-clients';

// The server's own rules, so a missing name reads 'Client Name is required' on create and 'Name is required' on edit.
const createFields = createClient.request;
// A domain left as it was is fine even if no new client could take it (the system client's 'admin').
const editFields = (current: string) =>
  z.object({
    name: name('Name'),
    domain: z.string().check(
      z.superRefine((value, context) => {
        if (value === current) return;
        const checked = z.safeParse(clientDomain, value);
        for (const issue of checked.error?.issues ?? []) context.addIssue({ code: 'custom', message: issue.message });
      }),
    ),
  });

/** Creates a client, or edits the one given: its name and its domain. */
export function ClientFormDialog({ client, onClose }: { client?: ClientRow; onClose: () => void }) {
  const form = useForm({
    resolver: zodResolver(client ? editFields(client.domain) : createFields),
    defaultValues: { name: client?.name ?? '', domain: client?.domain ?? '' },
  });
  const { errors } = form.formState;
  const creation = useCreateClient();
  const edit = useEditClient();
  const { save, failure } = useDialogSave(onClose);
  const saving = creation.isMutating || edit.isMutating;

  const submit = form.handleSubmit(async ({ name, domain }) => {
    await save(
      async () => {
        if (client) {
          // What was changed only: a name sent as the dialog read it would undo a rename made since, and moving a
          // client is its own change.
          await edit.trigger(
            {
              id: client.id,
              ...changedFields(client, { name, domain: domain ?? client.domain }, ['name', 'domain']),
              // A move says where from: one another administrator made since the dialog opened is not undone.
              ...(domain && domain !== client.domain ? { fromDomain: client.domain } : {}),
            },
            { throwOnError: true },
          );
          return 'Client has been edited';
        }
        await creation.trigger({ name, domain: domain ?? '' }, { throwOnError: true });
        return 'Client has been created';
      },
      { editing: client !== undefined },
    );
  });

  return (
    <FormDialog
      failure={failure}
      title={client ? 'Edit Client' : 'Create Client'}
      submitLabel={client ? 'Save' : 'Create'}
      isSaving={saving}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Domain"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        // The system client's stays 'admin' (the server refuses another: 409).
        readOnly={client?.domain === systemDomain}
        hint={
          client?.domain === systemDomain
            ? 'The system client keeps its domain.'
            : 'Players of the client sign in at this subdomain.'
        }
        error={errors.domain?.message}
        {...form.register('domain')}
      />
    </FormDialog>
  );
}
