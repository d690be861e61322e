import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Periodicity } from '#domain/contracts/processes.ts';
import { type ScheduleProblem, scheduleProblems, scheduleTimeZone } from '#domain/processes/processes.ts';
import { useDialogSave } from '@/lib/use-dialog-save';
import { ZoneNote } from '@/lib/zone-note';
import { FormDialog } from '@/ui/form-dialog';
import { Select, type SelectOption } from '@/ui/select';
import { Switch } from '@/ui/switch';
import { TextField } from '@/ui/text-field';
import { type ScheduleInput, useAlterProcesses } from '@/features/processes/api/alter-processes';
import type { Process, ProcessSchedule } from '@/features/processes/api/get-processes';
import { newScheduleTime, scheduleTime } from '@/features/processes/schedule-text';

/** The hour and minute as typed: the fields hold text until the form is sent. */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

// The schedule's rules are the domain's (scheduleProblems); the form says them in its own words.
const messages: Record<ScheduleProblem, string> = {
  HOUR: 'Hours must be from 0 to 23',
  MINUTE: 'Minutes must be from 0 to 59',
  MONTH_DAY: 'Month day must be from 1 to 31',
};
const fields = z
  .object({
    active: z.boolean(),
    hour: z.string(),
    minute: z.string(),
    periodicity: z.enum(Periodicity),
    monthDay: z.optional(z.number()),
  })
  .check(
    z.superRefine((values, context) => {
      const problems = scheduleProblems({
        executionHour: numberOf(values.hour),
        executionMinute: numberOf(values.minute),
        periodicity: values.periodicity,
        monthDay: values.monthDay,
      });
      const paths = { executionHour: 'hour', executionMinute: 'minute', monthDay: 'monthDay' } as const;
      for (const [field, problem] of Object.entries(problems) as [keyof typeof paths, ScheduleProblem][])
        context.addIssue({ code: 'custom', path: [paths[field]], message: messages[problem] });
    }),
  );
type Values = z.infer<typeof fields>;

const periodicityOptions: SelectOption<Periodicity>[] = [
  { value: Periodicity.Daily, label: 'Once a day' },
  { value: Periodicity.Monthly, label: 'Once a month' },
];
const monthDayOptions = Array.from({ length: 31 }, (_, index) => ({ value: index + 1, label: String(index + 1) }));

/** The schedule edited, or a new one: active, once a day, at the time newScheduleTime gives (saved as it opens). */
const valuesOf = (
  schedule: Partial<ProcessSchedule> & Pick<ProcessSchedule, 'executionHour' | 'executionMinute'>,
): Values => ({
  active: schedule.active ?? true,
  hour: String(schedule.executionHour),
  minute: String(schedule.executionMinute),
  periodicity: schedule.periodicity ?? Periodicity.Daily,
  monthDay: schedule.monthDay ?? undefined,
});

export interface ScheduleDialogProps {
  process: Process;
  /** The schedule edited; left out, the dialog adds one. */
  schedule?: ProcessSchedule | undefined;
  onClose: () => void;
}

/** Add or edit one schedule of a process: only this schedule is sent, and the process's others stay as they are. */
export function ScheduleDialog({ process, schedule, onClose }: ScheduleDialogProps) {
  const { save, failure } = useDialogSave(onClose);
  const { trigger, isMutating } = useAlterProcesses();
  const [suggested] = useState(() => newScheduleTime(process.processSchedule));
  const form = useForm<Values>({ resolver: zodResolver(fields), defaultValues: valuesOf(schedule ?? suggested) });
  const { errors, isSubmitted } = form.formState;
  const values = form.watch();
  const daily = values.periodicity === Periodicity.Daily;
  const set = <Field extends 'active' | 'periodicity' | 'monthDay'>(field: Field, value: Values[Field]) => {
    form.setValue(field, value as never);
    // A choice changes which rules hold for the other fields: all are said again.
    if (isSubmitted) void form.trigger();
  };
  // Once a day has no month day: choosing it clears the day.
  const setPeriodicity = (periodicity: Periodicity) => {
    set('periodicity', periodicity);
    if (periodicity === Periodicity.Daily) set('monthDay', undefined);
  };

  const clockField = (field: 'hour' | 'minute', label: string, max: number) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      max={max}
      error={errors[field]?.message}
      hint={`0 to ${max}`}
      {...form.register(field)}
    />
  );

  const submit = form.handleSubmit(async (values) => {
    const changed: ScheduleInput = {
      // The version it was read at: another administrator's edit since refuses this one (409), never undone unseen.
      ...(schedule && { id: schedule.id, version: schedule.version }),
      active: values.active,
      executionHour: Number(values.hour),
      executionMinute: Number(values.minute),
      periodicity: values.periodicity,
      monthDay: values.periodicity === Periodicity.Daily ? null : (values.monthDay ?? null),
    };
    // This schedule alone: the process's others, sent as the page read them, would undo another administrator's
    // edit of them made since (a schedule left out stays as it is).
    await save(
      async () => {
        await trigger([{ id: process.id, processSchedule: [changed] }], { throwOnError: true });
        return 'Process schedule has been updated';
      },
      { editing: schedule !== undefined },
    );
  });

  return (
    <FormDialog
      failure={failure}
      title={schedule ? `Edit schedule ${schedule.id}` : `Add schedule to ${process.name}`}
      submitLabel="Save"
      isSaving={isMutating}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <ZoneNote zone={scheduleTimeZone} />
      {!schedule && (
        <p className="muted">
          Suggested: once a day at {scheduleTime(suggested)}, early in the morning, when the night&apos;s games are
          final and the day&apos;s have not begun. Change it if this process needs another time.
        </p>
      )}
      <Switch label="Active" checked={values.active} onChange={(event) => set('active', event.target.checked)} />
      <div className="form__grid">
        {clockField('hour', 'Hour', 23)}
        {clockField('minute', 'Minute', 59)}
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
          error={errors.monthDay?.message}
        />
      </div>
      {values.hour.trim() !== '' && Number(values.hour) === 2 && (
        <p className="muted">
          On the Sunday the clocks go forward in March, 2 o&apos;clock does not happen in New York: that day&apos;s run
          is skipped.
        </p>
      )}
      {!daily && values.monthDay !== undefined && values.monthDay > 28 && (
        <p className="muted">In a month without day {values.monthDay}, it runs on the month&apos;s last day.</p>
      )}
    </FormDialog>
  );
}
