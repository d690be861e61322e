import { useState, type FormEvent } from 'react';
import { Periodicity } from '#domain/contracts/processes.ts';
import { scheduleTimeZone } from '#domain/processes/processes.ts';
import { ZoneNote } from '@/lib/zone-note';
import { FormDialog } from '@/ui/form-dialog';
import { Select, type SelectOption } from '@/ui/select';
import { Switch } from '@/ui/switch';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { type ScheduleInput, useAlterProcesses } from '@/features/processes/api/alter-processes';
import type { Process, ProcessSchedule } from '@/features/processes/api/get-processes';

interface Values {
  active: boolean;
  /** As typed: the fields hold text until the form is sent. */
  hour: string;
  minute: string;
  periodicity: Periodicity;
  monthDay: number | undefined;
}
type Errors = Partial<Record<'hour' | 'minute' | 'monthDay', string>>;

const periodicityOptions: SelectOption<Periodicity>[] = [
  { value: Periodicity.Daily, label: 'Once a day' },
  { value: Periodicity.Monthly, label: 'Once a month' },
];
const monthDayOptions = Array.from({ length: 31 }, (_, index) => ({ value: index + 1, label: String(index + 1) }));

const valuesOf = (schedule: ProcessSchedule | undefined): Values => ({
  active: schedule?.active ?? true,
  hour: schedule ? String(schedule.executionHour) : '',
  minute: schedule ? String(schedule.executionMinute) : '',
  periodicity: schedule?.periodicity ?? Periodicity.Daily,
  monthDay: schedule?.monthDay ?? undefined,
});

/** A whole number from min to max, or undefined. */
function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,2}$/.test(text.trim())) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (wholeNumber(values.hour, 0, 23) === undefined) errors.hour = 'Hours must be from 0 to 23';
  if (wholeNumber(values.minute, 0, 59) === undefined) errors.minute = 'Minutes must be from 0 to 59';
  if (values.periodicity === Periodicity.Monthly && values.monthDay === undefined)
    errors.monthDay = 'Month day must be from 1 to 31';
  return errors;
}

const inputOf = (schedule: ProcessSchedule): ScheduleInput => ({
  id: schedule.id,
  active: schedule.active,
  executionHour: schedule.executionHour,
  executionMinute: schedule.executionMinute,
  periodicity: schedule.periodicity,
  monthDay: schedule.monthDay,
});

export interface ScheduleDialogProps {
  process: Process;
  /** The schedule edited; left out, the dialog adds one. */
  schedule?: ProcessSchedule | undefined;
  onClose: () => void;
}

/**
 * Add or edit one schedule of a process. The process's whole schedule list is sent, with this one changed or
 * added, as the server sets a process's schedules to exactly the list it is given.
 */
export function ScheduleDialog({ process, schedule, onClose }: ScheduleDialogProps) {
  const toast = useToast();
  const { trigger, isMutating } = useAlterProcesses();
  const [values, setValues] = useState(() => valuesOf(schedule));
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validate(values) : {};
  const daily = values.periodicity === Periodicity.Daily;

  const set = <Field extends keyof Values>(field: Field, value: Values[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));
  // Once a day has no month day: choosing it clears the day.
  const setPeriodicity = (periodicity: Periodicity) =>
    setValues((current) => ({
      ...current,
      periodicity,
      monthDay: periodicity === Periodicity.Daily ? undefined : current.monthDay,
    }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values)).length) return;
    const changed: ScheduleInput = {
      ...(schedule && { id: schedule.id }),
      active: values.active,
      executionHour: Number(values.hour),
      executionMinute: Number(values.minute),
      periodicity: values.periodicity,
      monthDay: daily ? null : (values.monthDay ?? null),
    };
    const others = process.processSchedule.map((each) => (each.id === schedule?.id ? changed : inputOf(each)));
    const processSchedule = schedule ? others : [...others, changed];
    try {
      await trigger([{ id: process.id, processSchedule }], { throwOnError: true });
      toast.notify('success', 'Process schedule has been updated');
      onClose();
    } catch (error) {
      toast.notifyError(error);
    }
  };

  return (
    <FormDialog
      title={schedule ? `Edit schedule ${schedule.id}` : `Add schedule to ${process.name}`}
      submitLabel="Save"
      isSaving={isMutating}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <ZoneNote zone={scheduleTimeZone} />
      <Switch label="Active" checked={values.active} onChange={(event) => set('active', event.target.checked)} />
      <div className="form__grid">
        <TextField
          label="Hour"
          name="executionHour"
          type="number"
          inputMode="numeric"
          min={0}
          max={23}
          value={values.hour}
          error={errors.hour}
          hint="0 to 23"
          onChange={(event) => set('hour', event.target.value)}
        />
        <TextField
          label="Minute"
          name="executionMinute"
          type="number"
          inputMode="numeric"
          min={0}
          max={59}
          value={values.minute}
          error={errors.minute}
          hint="0 to 59"
          onChange={(event) => set('minute', event.target.value)}
        />
      </div>
      <div className="form__grid">
        <Select
          label="Periodicity"
          options={periodicityOptions}
          value={values.periodicity}
          onChange={setPeriodicity}
          searchable={false}
        />
        <Select
          label="Month day"
          options={monthDayOptions}
          value={values.monthDay}
          placeholder={daily ? 'Every day' : 'Select the day'}
          onChange={(monthDay) => set('monthDay', monthDay)}
          searchable={false}
          disabled={daily}
          error={errors.monthDay}
        />
      </div>
      {!daily && values.monthDay !== undefined && values.monthDay > 28 && (
        <p className="muted">In a month without day {values.monthDay}, it runs on the month&apos;s last day.</p>
      )}
    </FormDialog>
  );
}
