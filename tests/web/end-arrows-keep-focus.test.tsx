// @vitest-environment happy-dom
// A control that becomes unavailable under focus keeps the focus (docs/rules.md, Focus): the week arrow that reaches
// the first or last week, and Mark all as read once everything is read, are marked unavailable, not disabled, so a
// keyboard or screen-reader user is not dropped to the top of the page.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { WeekSelector } from '@/features/leaderboard/components/week-selector';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { cleanUpAfterEach } from './support/fake-server.tsx';

const week = (number: number) => ({
  id: 20263300 + number,
  sportId: 33,
  seasonId: 202633,
  number,
  beginDate: `2026-11-${String(10 + 7 * number).padStart(2, '0')}T05:00:00.000Z`,
  endDate: `2026-11-${String(16 + 7 * number).padStart(2, '0')}T04:59:59.999Z`,
});
const weeks = [week(1), week(2)];

function Selector() {
  const [selected, setSelected] = useState(weeks[1]!.id);
  return <WeekSelector weeks={weeks} selectedWeekId={selected} onSelect={setSelected} />;
}

cleanUpAfterEach();

describe('the week arrows', () => {
  it('keep the focus on the arrow that reached the first week, unavailable there', async () => {
    render(
      <SportSelectionProvider
        initialSportId={33}
        playedSportIds={[33]}
        initialWeeks={weeks}
        sports={[{ sportId: 33, timeZone: 'America/New_York' }]}
      >
        <Selector />
      </SportSelectionProvider>,
    );
    const previous = screen.getByRole('button', { name: 'Previous week' });
    await userEvent.click(previous);
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(previous);
    expect(screen.getByRole('button', { name: 'Next week' }).getAttribute('aria-disabled')).toBe('false');
  });
});
