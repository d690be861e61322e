import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { editPrize } from '#domain/contracts/clients.ts';
import { useDialogSave } from '@/lib/use-dialog-save';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog } from '@/ui/form-dialog';
import { TextField } from '@/ui/text-field';
import { useAddPrize } from '../api/add-prize';
import { useEditPrize } from '../api/edit-prize';
import type { PrizeRow } from '@/lib/api/get-prizes';

// The server's own rules for a prize's name and cost (a new prize is active).
const fields = z.pick(editPrize.request, { name: true, cost: true, active: true });

export interface PrizeFormDialogProps {
  clientId: number;
  /** The prize edited; left out, the dialog adds one. */
  prize?: PrizeRow | undefined;
  onClose: () => void;
}

/** Adds a prize to a client, or edits one: its name, its cost and (once it exists) whether it is active. */
export function PrizeFormDialog({ clientId, prize, onClose }: PrizeFormDialogProps) {
  const form = useForm({
    resolver: zodResolver(fields),
    defaultValues: { name: prize?.name ?? '', cost: prize ? String(prize.cost) : '', active: prize?.active ?? true },
  });
  const { errors } = form.formState;
  const adding = useAddPrize();
  const edit = useEditPrize();
  const { save, failure } = useDialogSave(onClose);

  const submit = form.handleSubmit(async ({ name, cost, active = true }) => {
    await save(
      async () => {
        if (prize) {
          await edit.trigger(
            { id: prize.id, version: prize.version, clientId, name, cost, active },
            { throwOnError: true },
          );
          return 'Prize has been edited';
        }
        await adding.trigger({ clientId, name, cost }, { throwOnError: true });
        return 'Prize has been added';
      },
      { editing: prize !== undefined },
    );
  });

  return (
    <FormDialog
      failure={failure}
      title={prize ? 'Edit Prize' : 'Add Prize'}
      submitLabel={prize ? 'Save' : 'Add'}
      isSaving={adding.isMutating || edit.isMutating}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Cost"
        inputMode="decimal"
        autoComplete="off"
        error={errors.cost?.message}
        {...form.register('cost')}
      />
      {prize && <Checkbox label="Active" {...form.register('active')} />}
    </FormDialog>
  );
}
