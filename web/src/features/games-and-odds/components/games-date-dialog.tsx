import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { isoDate } from '#domain/contracts/fields.ts';
import { FormDialog } from '@/ui/form-dialog';
import { TextField } from '@/ui/text-field';

const fields = z.object({
  date: z.string().check(
    z.minLength(1, 'The date is required'),
    z.refine((value) => z.safeParse(isoDate, value).success, 'Dates are written YYYY-MM-DD'),
  ),
});

export interface GamesDateDialogProps {
  sportName: string;
  defaultDate: string;
  isStarting: boolean;
  /** Why the server refused the last start, shown under the fields until the next try. */
  failure: string | undefined;
  onStart: (date: string) => void;
  onClose: () => void;
}

/** Import Games asks from which day on: the games from that date to the season's end are added or updated. */
export function GamesDateDialog({
  sportName,
  defaultDate,
  isStarting,
  failure,
  onStart,
  onClose,
}: GamesDateDialogProps) {
  const form = useForm({ resolver: zodResolver(fields), defaultValues: { date: defaultDate } });
  const submit = form.handleSubmit(({ date }) => onStart(date));
  return (
    <FormDialog
      title={`Import Games: ${sportName}`}
      submitLabel="Import"
      isSaving={isStarting}
      failure={failure}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <p>Adds the new games and updates the known ones, from this date to the end of the current season.</p>
      <TextField label="From date" type="date" error={form.formState.errors.date?.message} {...form.register('date')} />
    </FormDialog>
  );
}
