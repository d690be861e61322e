import { type FormEvent, useState } from 'react';
import { bonusGameDayProblems } from '#domain/catalogue/sport-days.ts';
import type { DayFlags } from '#domain/catalogue/types.ts';
import type { Sport } from '@/lib/api/get-sports';
import { Alert } from '@/ui/alert';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog } from '@/ui/form-dialog';
import { dayFlagsOf, PickDaysFields } from '@/ui/pick-days-fields';
import { useToast } from '@/ui/toast';
import { useEditSport } from '../api/edit-sport';

/** Edit: each day of the sport's week Regular or Bonus, the two bonus game days, and whether it is active. */
export function EditSportDialog({ sport, onClose }: { sport: Sport; onClose: () => void }) {
  const [days, setDays] = useState<DayFlags>(() => dayFlagsOf(sport));
  const [active, setActive] = useState(sport.active);
  const edit = useEditSport();
  const toast = useToast();
  // The server's rule, said while choosing: bonus games are played on Bonus days.
  const problems = bonusGameDayProblems(days);

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
      {problems.length > 0 && (
        <Alert status="warn">
          {problems.map((problem) => (
            <span key={problem.message} className="sport-days__problem">
              {problem.message}
            </span>
          ))}
        </Alert>
      )}
      <Checkbox label="Active" checked={active} onChange={(event) => setActive(event.target.checked)} />
    </FormDialog>
  );
}
