import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { FormDialog } from '@/ui/form-dialog';
import { TextField } from '@/ui/text-field';

const outOfRange = 'The season year is from 2000 to 2100';
const fields = z.object({
  seasonYear: z.string().check(
    z.trim(),
    z.minLength(1, 'Season year is required'),
    z.refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 2000 && Number(value) <= 2100),
      outOfRange,
    ),
  ),
});

export interface SeasonYearDialogProps {
  sportName: string;
  defaultYear: number;
  isStarting: boolean;
  /** Why the server refused the last start, shown under the fields until the next try. */
  failure: string | undefined;
  onStart: (seasonYear: number) => void;
  onClose: () => void;
}

/** Start New Season asks which season: the year the season starts in. */
export function SeasonYearDialog({
  sportName,
  defaultYear,
  isStarting,
  failure,
  onStart,
  onClose,
}: SeasonYearDialogProps) {
  const form = useForm({ resolver: zodResolver(fields), defaultValues: { seasonYear: String(defaultYear) } });
  const submit = form.handleSubmit(({ seasonYear }) => onStart(Number(seasonYear)));
  return (
    <FormDialog
      title={`Start New Season: ${sportName}`}
      submitLabel="Start"
      isSaving={isStarting}
      failure={failure}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <p>
        Imports the season&apos;s teams, weeks and games from the sports feed; the season becomes the current one of{' '}
        {sportName} for every client.
      </p>
      <TextField
        label="Season year"
        inputMode="numeric"
        autoComplete="off"
        hint="The year the season starts in."
        error={form.formState.errors.seasonYear?.message}
        {...form.register('seasonYear')}
      />
    </FormDialog>
  );
}
