// @vitest-environment happy-dom
// Recent imports on Games & Odds tells when each import was started in the zone the page names (its chosen sport's,
// docs/rules.md, Formats), not always New York's.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportJob } from '#domain/contracts/imports.ts';
import { RecentImports } from '@/features/games-and-odds/components/recent-imports';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

cleanUpAfterEach();

describe('Recent imports', () => {
  it("names each start's time in the page's zone", async () => {
    const job: ImportJob = {
      jobId: 7,
      type: 'ImportScores',
      payload: { sportId: 35 },
      status: 'succeeded',
      queuedAt: '2026-11-19T17:03:00.000Z',
      counts: { results: 12 },
      actorName: 'Chris Coach',
    };
    vi.stubGlobal('fetch', async () => jsonAnswer(200, [job]));
    render(inFreshApp(<RecentImports sportName={() => 'NBA'} zone="America/Los_Angeles" />));
    expect((await screen.findByText(/Thu 19 Nov/)).textContent).toBe('Thu 19 Nov, 09:03');
  });
});
