import { describe, expect, it } from 'vitest';
import { visibleWindow } from '../../web/src/ui/table.tsx';

describe('a long table renders only the rows in view and a margin', () => {
  it('at the top: the rows in view plus 15, the rest as space below', () => {
    expect(visibleWindow(1000, 50, 0, 500)).toEqual({ start: 0, end: 25, before: 0, after: 975 * 50 });
  });

  it('in the middle: 15 rows of margin on each side, the space above and below adding up to the rows left out', () => {
    const shown = visibleWindow(1000, 50, 20_000, 500);
    expect(shown).toMatchObject({ start: 385, end: 425 });
    expect(shown.before + (shown.end - shown.start) * 50 + shown.after).toBe(1000 * 50);
  });

  it('at the bottom: the last row is rendered and nothing is left below', () => {
    expect(visibleWindow(1000, 50, 1000 * 50 - 500, 500)).toEqual({
      start: 975,
      end: 1000,
      before: 975 * 50,
      after: 0,
    });
  });

  it('an opened row’s details count in the space above and below the rows rendered', () => {
    const openedFifth = (index: number) => (index === 5 ? 300 : 0);
    // Scrolled past the opened row: the space above holds it and its details.
    expect(visibleWindow(1000, 50, 20_000 + 300, 500, openedFifth)).toMatchObject({
      start: 385,
      before: 385 * 50 + 300,
    });
    // Above it: the space below holds them.
    expect(visibleWindow(1000, 50, 0, 500, (index) => (index === 500 ? 300 : 0))).toMatchObject({
      end: 25,
      after: 975 * 50 + 300,
    });
  });
});
