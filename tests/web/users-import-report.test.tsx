// @vitest-environment happy-dom
// The users CSV import's report (docs/rules.md, Users CSV import): the counts, the refused lines the job's record
// kept, and, when it could not keep them all, that only the first are listed, so none is dropped unseen.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImportCsvDialog } from '@/features/users/components/import-csv-dialog';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

cleanUpAfterEach();

const refusedLine = (line: number) => ({ line, login: `fan${line}`, reason: 'unknown role' });

/** Uploads a file; the job finishes with `refused` lines refused, `kept` of them in its report. */
async function importRefusing(refused: number, kept: number) {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.endsWith('/load-users-csv')) return jsonAnswer(202, { jobId: 9, status: 'queued' });
    if (url.includes('/Job/status'))
      return jsonAnswer(200, {
        jobId: 9,
        type: 'ImportUsers',
        payload: {},
        status: 'succeeded',
        counts: { total: refused + 1, created: 1, existing: 0, refused },
        report: { refused: Array.from({ length: kept }, (_, index) => refusedLine(index + 3)) },
      });
    return jsonAnswer(200, []);
  });
  const user = userEvent.setup();
  render(inFreshApp(<ImportCsvDialog roleNames={['Bettor']} onClose={() => undefined} />));
  const dialog = screen.getByRole('dialog', { name: 'Import CSV file' });
  await user.upload(
    within(dialog).getByLabelText('CSV file'),
    new File(['login\n'], 'users.csv', { type: 'text/csv' }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Import' }));
  await within(dialog).findByText(/users? created/);
  return dialog;
}

describe('the users CSV import report', () => {
  it('says that only the first refused lines are listed when the job kept fewer than it refused', async () => {
    const dialog = await importRefusing(1200, 700);
    expect(within(dialog).getByText(/users? created/).textContent).toBe('1 user created, 1200 lines refused');
    expect(
      within(dialog).getByText('The first 700 are listed: fix them and import the file again for the rest.'),
    ).toBeTruthy();
    // The table counts its rows, header and all (it renders those in view).
    expect(within(dialog).getByRole('table').getAttribute('aria-rowcount')).toBe('701');
  });

  it('lists every refused line, and says nothing more, when the job kept them all', async () => {
    const dialog = await importRefusing(2, 2);
    expect(within(dialog).queryByText(/^The first/)).toBeNull();
    expect(within(dialog).getByRole('table').getAttribute('aria-rowcount')).toBe('3');
  });
});
