// @vitest-environment happy-dom
// Import Scores refused (docs/rules.md, Jobs): started again less than a minute after the last start (429), the page
// says when it may start again and follows nothing; while the client's own import is open (409), it says so and
// follows that job to its end.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { ImportScores } from '@/features/games-and-odds/components/import-actions';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { ToastProvider } from '@/ui/toast';
import { cleanUpAfterEach } from './support/fake-server.tsx';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const cooldown =
  'Import Scores was started for this sport less than 1 minute ago, and each run reads the sports feed: try again in 42 seconds';
const running =
  'This import is already running for the sport (job 7): follow it, or start another once it has finished';

/** The server: Import Scores answers `start`; the status of job 7 is `status`'s answer, else that it finished. */
function fakeServer(start: () => Response, status: () => Response | undefined = () => undefined) {
  const fetch = vi.fn(async (url: string) => {
    if (url.includes('/Game/load-results')) return start();
    if (url.includes('/Job/status'))
      return (
        status() ??
        json(200, {
          jobId: 7,
          type: 'ImportScores',
          payload: { sportId: 33 },
          status: 'succeeded',
          counts: { results: 138, changed: 0, weeksClosed: 0, penalties: 0, refused: 0 },
        })
      );
    return json(200, []);
  });
  vi.stubGlobal('fetch', fetch);
  return { asked: (path: string) => fetch.mock.calls.filter(([url]) => url.includes(path)).length };
}

const openScores = () =>
  render(
    <ToastProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <SportSelectionProvider initialSportId={33} playedSportIds={[33]} initialWeeks={undefined} sports={[]}>
          <ImportScores sport={{ sportId: 33, sportName: 'NFL', timeZone: 'America/New_York' }} />
        </SportSelectionProvider>
      </SWRConfig>
    </ToastProvider>,
  );

cleanUpAfterEach();

describe('Import Scores refused', () => {
  it('within a minute of the last start: the notice says when to try again, and no job is followed', async () => {
    const server = fakeServer(() => json(429, { error: cooldown, code: 'IMPORT_COOLDOWN' }, { 'Retry-After': '42' }));
    openScores();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import Scores' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(cooldown));
    expect(server.asked('/Job/status')).toBe(0);
    expect(screen.queryByText(/Importing NFL scores/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Import Scores' })).toHaveProperty('disabled', false);
  });

  it('while the client’s own import is open: the notice names it, and the page follows it to its end', async () => {
    const server = fakeServer(() => json(409, { error: running, code: 'JOB_RUNNING', details: { jobId: 7 } }));
    const { container } = openScores();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import Scores' }));
    expect(await screen.findByText(running)).toBeTruthy();
    expect(await within(container).findByText(/^Last import: 138 results read/)).toBeTruthy();
    expect(server.asked('/Job/status')).toBeGreaterThan(0);
  });

  it('a status read a gateway lost (502, 504) is asked again: the page follows the import to its end, no error said', async () => {
    const faults = [502, 504];
    const server = fakeServer(
      () => json(202, { jobId: 7, status: 'queued' }),
      () => (faults.length ? json(faults.shift()!, { error: 'Internal server error', code: 'INTERNAL' }) : undefined),
    );
    const { container } = openScores();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import Scores' }));
    // The back-off waits 1 s, then 2 s.
    expect(await within(container).findByText(/^Last import: 138 results read/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(server.asked('/Job/status')).toBe(3);
    expect(screen.queryByText('Internal server error')).toBeNull();
  });
});
