// @vitest-environment happy-dom
// The schedule form's resolver reads the domain's schedule rule (scheduleProblems): each broken rule shows its
// message on its field, and nothing is sent. A new schedule opens at a time it can be saved at.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Periodicity, type ProcessSchedule } from '#domain/contracts/processes.ts';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { ToastProvider } from '@/ui/toast';
import type { Process } from '@/features/processes/api/get-processes';
import { ScheduleDialog } from '@/features/processes/components/schedule-dialog';
import { inFreshApp, jsonAnswer } from './support/fake-server.tsx';

/** A daily schedule never edited, as the list answers it. */
const daily = (id: number, executionHour: number, executionMinute: number): ProcessSchedule => ({
  id,
  active: true,
  executionHour,
  executionMinute,
  periodicity: Periodicity.Daily,
  monthDay: null,
  version: 0,
});

const importScores: Process = {
  id: 2,
  name: 'Import Scores',
  description: 'Records the scores',
  processSchedule: [daily(7, 6, 30)],
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

  it('says an hour of 2 skips the run of the Sunday the clocks go forward, and says nothing at another hour', async () => {
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Edit schedule 7' });
    const skipped = /2 o.clock does not happen in New York/;
    expect(within(dialog).queryByText(skipped)).toBeNull();
    await user.clear(within(dialog).getByLabelText('Hour'));
    await user.type(within(dialog).getByLabelText('Hour'), '2');
    expect(await within(dialog).findByText(skipped)).toBeTruthy();
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

describe('a new schedule', () => {
  const openNew = (process: Process) =>
    render(
      inFreshApp(
        <SportSelectionProvider initialSportId={undefined} playedSportIds={[]} initialWeeks={undefined} sports={[]}>
          <ScheduleDialog process={process} onClose={() => undefined} />
        </SportSelectionProvider>,
      ),
    );
  const closeWeek: Process = {
    id: 4,
    name: 'Close Week',
    description: 'Closes weeks',
    processSchedule: [],
    recentRuns: [],
  };

  afterEach(() => vi.unstubAllGlobals());

  it('opens at 06:00 New York time, once a day, active, and saves as it opened without typing', async () => {
    const fetch = vi.fn(
      async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    openNew(closeWeek);
    const dialog = screen.getByRole('dialog', { name: 'Add schedule to Close Week' });
    expect((within(dialog).getByLabelText('Hour') as HTMLInputElement).value).toBe('6');
    expect((within(dialog).getByLabelText('Minute') as HTMLInputElement).value).toBe('0');
    expect(within(dialog).getByText(/Suggested: once a day at 06:00/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual([
      {
        id: 4,
        processSchedule: [
          { active: true, executionHour: 6, executionMinute: 0, periodicity: Periodicity.Daily, monthDay: null },
        ],
      },
    ]);
  });

  it('takes the next full hour the process does not run at when 06:00 is taken', () => {
    openNew({
      ...importScores,
      processSchedule: [daily(1, 6, 0), daily(2, 7, 0)],
    });
    const dialog = screen.getByRole('dialog', { name: 'Add schedule to Import Scores' });
    expect((within(dialog).getByLabelText('Hour') as HTMLInputElement).value).toBe('8');
    expect((within(dialog).getByLabelText('Minute') as HTMLInputElement).value).toBe('0');
  });

  it('an edited schedule keeps its own time', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Edit schedule 7' });
    expect((within(dialog).getByLabelText('Hour') as HTMLInputElement).value).toBe('6');
    expect((within(dialog).getByLabelText('Minute') as HTMLInputElement).value).toBe('30');
    expect(within(dialog).queryByText(/Suggested/)).toBeNull();
  });
});

describe('an edited schedule of a process that has two', () => {
  const twoSchedules: Process = {
    ...importScores,
    processSchedule: [importScores.processSchedule[0]!, daily(8, 20, 0)],
  };
  const openEdit = (onClose: () => void) =>
    render(
      inFreshApp(
        <SportSelectionProvider initialSportId={undefined} playedSportIds={[]} initialWeeks={undefined} sports={[]}>
          <ScheduleDialog process={twoSchedules} schedule={twoSchedules.processSchedule[0]} onClose={onClose} />
        </SportSelectionProvider>,
      ),
    );

  afterEach(() => vi.unstubAllGlobals());

  it('is sent alone with the version it was read at, so an edit another administrator made since to the other one stays, and to this one refuses it', async () => {
    const fetch = vi.fn(async () => jsonAnswer(200, []));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    openEdit(() => undefined);
    const dialog = screen.getByRole('dialog', { name: 'Edit schedule 7' });
    await user.clear(within(dialog).getByLabelText('Hour'));
    await user.type(within(dialog).getByLabelText('Hour'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual([
      {
        id: 2,
        processSchedule: [
          {
            id: 7,
            active: true,
            executionHour: 9,
            executionMinute: 30,
            periodicity: Periodicity.Daily,
            monthDay: null,
            version: 0,
          },
        ],
      },
    ]);
  });

  it.each([
    [404, 'UNKNOWN_SCHEDULE', 'There is no schedule 7'],
    [409, 'SCHEDULE_CHANGED', 'Someone else changed schedule 7 meanwhile: reload the processes and edit it again'],
  ])(
    'closes when another administrator deleted or edited it meanwhile (%i %s), so the list is read again',
    async (status, code, error) => {
      vi.stubGlobal('fetch', async () => jsonAnswer(status, { error, code }));
      const onClose = vi.fn();
      const user = userEvent.setup();
      openEdit(onClose);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(error)).toBeTruthy();
      expect(onClose).toHaveBeenCalledTimes(1);
    },
  );
});
