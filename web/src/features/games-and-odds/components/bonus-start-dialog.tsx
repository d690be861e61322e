import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { bonusStartTime } from '#domain/contracts/spreads.ts';
import { useDialogSave } from '@/lib/use-dialog-save';
import { ZoneNote } from '@/lib/zone-note';
import { FormDialog } from '@/ui/form-dialog';
import { Select } from '@/ui/select';
import type { WallClockTime } from '../bonus-start';

const twoDigits = (value: number) => String(value).padStart(2, '0');
const hourOptions = Array.from({ length: 12 }, (_, index) => ({ value: index + 1, label: twoDigits(index + 1) }));
const minuteOptions = Array.from({ length: 60 }, (_, minute) => ({ value: minute, label: twoDigits(minute) }));
const meridiemOptions = [
  { value: 'AM', label: 'AM' },
  { value: 'PM', label: 'PM' },
] as const;

export interface BonusStartDialogProps {
  sportName: string;
  /** The season's last day, as the dialog names it. */
  lastDay: string;
  /** The sport's zone, the one the time is set in. */
  zone: string;
  isSaving: boolean;
  /** Sets the start; answers the notice to show once it is set. */
  onSet: (time: WallClockTime) => Promise<string>;
  onClose: () => void;
}

/** Last Day Bonus Games asks when the last day becomes a bonus day: hours, minutes and AM/PM, all required. */
export function BonusStartDialog({ sportName, lastDay, zone, isSaving, onSet, onClose }: BonusStartDialogProps) {
  const form = useForm({ resolver: zodResolver(bonusStartTime) });
  const values = form.watch();
  const { errors, isSubmitted } = form.formState;
  const set = <Field extends keyof WallClockTime>(field: Field, value: WallClockTime[Field]) =>
    form.setValue(field, value as never, { shouldValidate: isSubmitted });
  // Refused, the reason stays under the fields until the next try.
  const { save, failure } = useDialogSave(onClose);
  const submit = form.handleSubmit((time) => save(() => onSet(time), { editing: false }));

  return (
    <FormDialog
      title={`Last Day Bonus Games: ${sportName}`}
      submitLabel="Set"
      isSaving={isSaving}
      failure={failure}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <p>
        From this time on {lastDay} plus 10 minutes, the season&apos;s last day is a bonus day for the client&apos;s
        players.
      </p>
      <ZoneNote zone={zone} />
      <div className="bonus-start__time">
        <Select
          label="Hours"
          placeholder="hh"
          options={hourOptions}
          value={values.hours}
          onChange={(value) => set('hours', value)}
          searchable={false}
          error={errors.hours?.message}
        />
        <Select
          label="Minutes"
          placeholder="mm"
          options={minuteOptions}
          value={values.minutes}
          onChange={(value) => set('minutes', value)}
          error={errors.minutes?.message}
        />
        <Select
          label="AM/PM"
          placeholder="AM/PM"
          options={meridiemOptions}
          value={values.meridiem}
          onChange={(value) => set('meridiem', value)}
          searchable={false}
          error={errors.meridiem?.message}
        />
      </div>
    </FormDialog>
  );
}
