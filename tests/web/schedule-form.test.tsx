// @vitest-environment happy-dom
// The schedule form's resolver reads the domain's schedule rule (scheduleProblems): each broken rule shows its
// message on its field, and nothing is sent.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Periodicity } from '#domain/contracts/processes.ts';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { ToastProvider } from '@/ui/toast';
import type { Process } from '@/features/processes/api/get-processes';
import { ScheduleDialog } from '@/features/processes/components/schedule-dialog';

const importScores: Process = {
  id: 2,
  name: 'Import Scores',
  description: 'Records the scores',
  processSchedule: [
    { id: 7, active: true, executionHour: 6, executionMinute: 30, periodicity: Periodicity.Daily, monthDay: null },
  ],
  recentRuns: [],
};

const open = (schedule = importScores.processSchedule[0]) =>
  render(
    <ToastProvider>
      <SportSelectionProvider initialSportId={undefined} playedSportIds={[]} initialWeeks={undefined} sports={[]}>
        <ScheduleDialog process={importScores} schedule={schedule} onClose={() => undefined} />
      </SportSelectionProvider>
    </ToastProvider>,
  );

afterEach(cleanup);

describe('the schedule form', () => {
  it('says the hour and the minute are out of range, in the form’s words, on their fields', async () => {
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Edit schedule 7' });
    await user.clear(within(dialog).getByLabelText('Hour'));
    await user.type(within(dialog).getByLabelText('Hour'), '24');
    await user.clear(within(dialog).getByLabelText('Minute'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Hours must be from 0 to 23')).toBeTruthy();
    expect(within(dialog).getByText('Minutes must be from 0 to 59')).toBeTruthy();
    expect(within(dialog).queryByText('Month day must be from 1 to 31')).toBeNull();
  });

  it('takes back the hour’s message once the hour is 23, the end of the range', async () => {
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Edit schedule 7' });
    await user.clear(within(dialog).getByLabelText('Hour'));
    await user.type(within(dialog).getByLabelText('Hour'), '24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Hours must be from 0 to 23');
    await user.clear(within(dialog).getByLabelText('Hour'));
    await user.type(within(dialog).getByLabelText('Hour'), '23');
    await expect.poll(() => within(dialog).queryByText('Hours must be from 0 to 23')).toBeNull();
  });

  it('asks a monthly schedule for its day of the month', async () => {
    const user = userEvent.setup();
    open({ ...importScores.processSchedule[0]!, periodicity: Periodicity.Monthly, monthDay: null });
    const dialog = screen.getByRole('dialog', { name: 'Edit schedule 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Month day must be from 1 to 31')).toBeTruthy();
    expect(within(dialog).queryByText('Hours must be from 0 to 23')).toBeNull();
  });
});
