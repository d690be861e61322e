import { describe, expect, it } from 'vitest';
import { importSummary, importTitle } from '../../web/src/lib/import-kinds.ts';

const sportName = (sportId: number) => (sportId === 33 ? 'NFL' : `sport ${sportId}`);

describe('Recent imports names every import and says what it did', () => {
  it('a users CSV import reads as such, with its users created, already there and lines refused', () => {
    const job = {
      type: 'ImportUsers' as const,
      payload: { clientId: 2 },
      counts: { created: 17, existing: 1, refused: 3 },
    };
    expect(importTitle(job, sportName)).toBe('Import Users CSV');
    expect(importSummary(job)).toBe('17 users created, 1 already there, 3 lines refused');
  });

  it('a sports import keeps its action, sport and date', () => {
    const job = {
      type: 'ImportGames' as const,
      payload: { sportId: 33, date: '2026-11-01' },
      counts: { gamesAdded: 1 },
    };
    expect(importTitle(job, sportName)).toBe('Import Games NFL from 2026-11-01');
    expect(importSummary(job)).toBe('1 game added, 0 updated, 0 moved, 0 refused');
  });
});
