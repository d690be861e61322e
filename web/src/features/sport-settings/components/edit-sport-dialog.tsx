import { type FormEvent, useState } from 'react';
import type { DayFlags } from '#domain/catalogue/types.ts';
import type { Sport } from '@/lib/api/get-sports';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog } from '@/ui/form-dialog';
import { dayFlagsOf, PickDaysFields, pickDaysProblems } from '@/ui/pick-days-fields';
import { useToast } from '@/ui/toast';
import { useEditSport } from '../api/edit-sport';

/** Edit: each day of the sport's week Regular or Bonus, the two bonus game days, and whether it is active. */
export function EditSportDialog({ sport, onClose }: { sport: Sport; onClose: () => void }) {
  const [days, setDays] = useState<DayFlags>(() => dayFlagsOf(sport));
  const [active, setActive] = useState(sport.active);
  const edit = useEditSport();
  const toast = useToast();
  const problems = pickDaysProblems(days);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problems.length) return;
    try {
      await edit.trigger({ id: sport.id, ...days, active }, { throwOnError: true });
      toast.notify('success', 'Sport has been changed');
      onClose();
    } catch (failure) {
      toast.notifyError(failure);
    }
  };

  return (
    <FormDialog
      title={`Edit ${sport.name}`}
      submitLabel="Save"
      isSaving={edit.isMutating}
      submitDisabled={problems.length > 0}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <PickDaysFields value={days} onChange={setDays} />
      <Checkbox label="Active" checked={active} onChange={(event) => setActive(event.target.checked)} />
    </FormDialog>
  );
}
