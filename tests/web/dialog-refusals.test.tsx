// @vitest-environment happy-dom
// A dialog the server refuses stays open and says why under its fields until the next try (docs/rules.md, Notices),
// not in a notice that fades after 5 s: Start New Season started again within the minute, a users CSV that is no
// CSV file or too large, a last-day bonus start the server refuses.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BonusStartDialog } from '@/features/games-and-odds/components/bonus-start-dialog';
import { StartNewSeason } from '@/features/games-and-odds/components/import-actions';
import { ImportCsvDialog } from '@/features/users/components/import-csv-dialog';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const cooldown = 'Start New Season was started for this sport less than 1 minute ago: try again in 42 seconds';

const inSport = (ui: React.ReactNode) =>
  render(
    inFreshApp(
      <SportSelectionProvider initialSportId={33} playedSportIds={[33]} initialWeeks={undefined} sports={[]}>
        {ui}
      </SportSelectionProvider>,
    ),
  );

/** The dialog's refusal as shown in its body, under its fields; not a notice, which fades after 5 s. */
const refusalIn = async (name: string) => {
  const body = screen.getByRole('dialog', { name }).querySelector<HTMLElement>('.ui-modal__body')!;
  return (await within(body).findByRole('alert')).textContent;
};

cleanUpAfterEach();

describe('a refused dialog', () => {
  it('Start New Season within the minute: the dialog stays, saying when to try again, and no notice repeats it', async () => {
    vi.stubGlobal('fetch', async () => jsonAnswer(429, { error: cooldown, code: 'IMPORT_COOLDOWN' }));
    const user = userEvent.setup();
    inSport(
      <StartNewSeason sport={{ sportId: 33, sportName: 'NFL', timeZone: 'America/New_York' }} defaultYear={2026} />,
    );
    await user.click(screen.getByRole('button', { name: 'Start New Season' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await refusalIn('Start New Season: NFL')).toContain(cooldown);
    expect(screen.getAllByText(cooldown)).toHaveLength(1);
  });

  it('a users CSV that is not a .csv file: the dialog says so under the file', async () => {
    vi.stubGlobal('fetch', async () => jsonAnswer(404, { error: 'unexpected', code: 'NOT_FOUND' }));
    // Chosen as "All files" in the browser's picker, past the input's .csv filter.
    const user = userEvent.setup({ applyAccept: false });
    inSport(<ImportCsvDialog roleNames={['Bettor']} onClose={() => {}} />);
    await user.upload(screen.getByLabelText('CSV file'), new File(['login'], 'users.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await refusalIn('Import CSV file')).toBe('Something went wrong...');
  });

  it('a users CSV over 4 MB: the dialog says so under the file and uploads nothing (a Lambda function takes 6 MB)', async () => {
    const sent = vi.fn(async () => jsonAnswer(202, { jobId: 1, status: 'queued' }));
    vi.stubGlobal('fetch', sent);
    const user = userEvent.setup();
    inSport(<ImportCsvDialog roleNames={['Bettor']} onClose={() => {}} />);
    const large = new File([new Uint8Array(4 * 1024 * 1024 + 1).fill(0x41)], 'users.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), large);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await refusalIn('Import CSV file')).toBe('The file is larger than 4 MB');
    expect(sent).not.toHaveBeenCalled();
  });

  it('a last-day bonus start the server refuses: the dialog stays with the reason', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const refusal = 'The season has ended: its last day can no longer become a bonus day';
    inSport(
      <BonusStartDialog
        sportName="NFL"
        lastDay="Sun 10 January 2027"
        zone="America/New_York"
        isSaving={false}
        onSet={() => Promise.reject(new Error(refusal))}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Last Day Bonus Games: NFL' });
    for (const [label, option] of [
      ['Hours', '09'],
      ['Minutes', '00'],
      ['AM/PM', 'AM'],
    ] as const) {
      await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${label}`) }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Set' }));
    expect(await refusalIn('Last Day Bonus Games: NFL')).toBe(refusal);
    expect(onClose).not.toHaveBeenCalled();
  });
});
