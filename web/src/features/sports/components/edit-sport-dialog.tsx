import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { editSport } from '#domain/contracts/teams.ts';
import type { DayFlags } from '#domain/catalogue/types.ts';
import type { Sport } from '@/lib/api/get-sports';
import { useDialogSave } from '@/lib/use-dialog-save';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog } from '@/ui/form-dialog';
import { dayFlagsOf, PickDaysFields, pickDaysProblems } from '@/ui/pick-days-fields';
import { type EditSportInput, useEditSport } from '../api/edit-sport';

/** Edit: each day of the sport's week Regular or Bonus, the two bonus game days, and whether it is active. */
export function EditSportDialog({ sport, onClose }: { sport: Sport; onClose: () => void }) {
  // The contract's request schema is the resolver: the bonus game days' rule lives once, in the domain.
  const form = useForm<EditSportInput>({
    resolver: zodResolver(editSport.request) as never,
    // The version it was opened on: an edit another administrator made since is not undone (409).
    defaultValues: { id: sport.id, ...dayFlagsOf(sport), active: sport.active, version: sport.version ?? 0 },
  });
  const days = dayFlagsOf(form.watch() as DayFlags);
  const edit = useEditSport();
  const { save, failure } = useDialogSave(onClose);
  const problems = pickDaysProblems(days);

  const submit = form.handleSubmit(async (input) => {
    await save(
      async () => {
        await edit.trigger(input, { throwOnError: true });
        return 'Sport has been changed';
      },
      { editing: true },
    );
  });

  return (
    <FormDialog
      failure={failure}
      title={`Edit ${sport.name}`}
      submitLabel="Save"
      isSaving={edit.isMutating}
      submitDisabled={problems.length > 0}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <PickDaysFields
        value={days}
        onChange={(next) => {
          for (const [field, value] of Object.entries(next)) form.setValue(field as keyof DayFlags, value as never);
        }}
      />
      <Checkbox label="Active" {...form.register('active')} />
    </FormDialog>
  );
}
