import { reminderHours } from '#domain/processes/pick-locks.ts';
import { zoneAbbreviation } from '#domain/season/zoned-time.ts';
import { formatKickoff } from '@/lib/format';
import { useSportSelection } from '@/lib/sport-selection';
import { Card } from '@/ui/card';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useReminderSettings } from '../api/get-reminder-settings';
import { useSetReminderHours } from '../api/set-reminder-hours';

const hoursText = (hours: number) =>
  hours === 168
    ? '1 week'
    : hours % 24 === 0
      ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}`
      : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

const choice = (hours: number) => ({ value: hours, label: `${hoursText(hours)} before` });
const hourChoices = [1, 2, 3, 6, 12, 24, 48, 72, reminderHours.max].map(choice);

const lockNames = { week: "the week's first game", lastDay: "the last pick day's first game" } as const;

/**
 * When Pick Reminders mails the players missing picks (docs/rules.md, Pick reminders): the hours before each lock,
 * which a commissioner sets, and the reminders ahead.
 */
export function RemindersCard({ maySet }: { maySet: boolean }) {
  const { timeZone, zoneOf } = useSportSelection();
  const toast = useToast();
  const { data, error } = useReminderSettings();
  const setting = useSetReminderHours();
  // Each sport's reminders in its own zone; one other than the page's (its note) says which.
  const when = (instant: string, sportId: number) => {
    const zone = zoneOf(sportId);
    return `${formatKickoff(instant, zone)}${zone === timeZone ? '' : ` ${zoneAbbreviation(zone)}`}`;
  };

  const change = async (hours: number) => {
    try {
      await setting.trigger(hours, { throwOnError: true });
      toast.notify('success', 'Changes Saved.');
    } catch (failure) {
      toast.notifyError(failure);
    }
  };

  return (
    <Card title="Pick Reminders" headingId="pick-reminders-title" className="missing-picks-reminders">
      {!data ? (
        error ? (
          <p className="muted">The reminders could not be loaded: {error.message}</p>
        ) : (
          <Spinner label="Loading the reminders…" />
        )
      ) : (
        <>
          <p>
            Players missing picks are mailed before the week&apos;s first game and again before the last pick day&apos;s
            first game (each player chooses which in their profile).
          </p>
          {maySet ? (
            <Select
              label="Mail them"
              options={
                hourChoices.some((option) => option.value === data.hoursBefore)
                  ? hourChoices
                  : [...hourChoices, choice(data.hoursBefore)]
              }
              value={data.hoursBefore}
              onChange={(hours) => void change(hours)}
            />
          ) : (
            <p>Mailed {hoursText(data.hoursBefore)} before each lock.</p>
          )}
          {data.upcoming.length ? (
            <ul className="missing-picks-reminders__list">
              {data.upcoming.map((reminder) => (
                <li key={`${reminder.sportId}-${reminder.weekNumber}-${reminder.lock}`}>
                  {reminder.sportName} Week {reminder.weekNumber}: {when(reminder.remindAt, reminder.sportId)}, before{' '}
                  {lockNames[reminder.lock]} ({when(reminder.lockAt, reminder.sportId)})
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No reminder ahead: no game of this week or the next is still to start.</p>
          )}
        </>
      )}
    </Card>
  );
}
