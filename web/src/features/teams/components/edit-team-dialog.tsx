import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { editTeam } from '#domain/contracts/teams.ts';
import type { Team } from '@/lib/api/get-team-list';
import { changedFields } from '@/lib/changed-fields';
import { useDialogSave } from '@/lib/use-dialog-save';
import { FormDialog } from '@/ui/form-dialog';
import { TextField } from '@/ui/text-field';
import { useEditTeam } from '../api/edit-team';

// The server's own rules for the fields the dialog shows.
const { name, city, mascot, abbreviation } = editTeam.request.shape;
const fields = z.object({ name, city, mascot, abbreviation });
type Field = keyof z.infer<typeof fields>;

/** Edit Team: the team's name, city, mascot and abbreviation. */
export function EditTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const form = useForm({
    resolver: zodResolver(fields),
    defaultValues: { name: team.name, city: team.city, mascot: team.mascot, abbreviation: team.abbreviation },
  });
  // Read while rendering, so the form keeps track of them.
  const { errors, dirtyFields } = form.formState;
  const edit = useEditTeam();
  const { save, failure } = useDialogSave(onClose);

  const submit = form.handleSubmit(async (details) => {
    // Only what was changed: a field sent as it was when the dialog opened would put back (and mark hand-set) a value
    // Load Teams has changed since (docs/rules.md, Teams).
    // A field typed only as its stored value reads, or one stored untidy and left alone, is not a change either.
    const touched = (Object.keys(details) as Field[]).filter((field) => dirtyFields[field]);
    const changed = changedFields(team, details, touched);
    if (!Object.keys(changed).length) return onClose();
    await save(
      async () => {
        const version = team.markChanges ?? 0;
        await edit.trigger({ id: team.id, sportId: team.sportId, ...changed, version }, { throwOnError: true });
        return 'Changes Saved.';
      },
      { editing: true },
    );
  });

  return (
    <FormDialog
      failure={failure}
      title={`Edit Team ${team.name}`}
      submitLabel="Save"
      isSaving={edit.isMutating}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextField label="City" autoComplete="off" error={errors.city?.message} {...form.register('city')} />
      <TextField label="Mascot" autoComplete="off" error={errors.mascot?.message} {...form.register('mascot')} />
      <TextField
        label="Abbreviation"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="2 to 5 letters or digits"
        error={errors.abbreviation?.message}
        {...form.register('abbreviation')}
      />
    </FormDialog>
  );
}
