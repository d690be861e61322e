// @vitest-environment happy-dom
// A sport the client stops playing leaves the selection (docs/rules.md, Client sports): the app moves to the first
// sport the client still plays, instead of saying no sport is set up while others are listed.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SportSelectionProvider, useSportSelection } from '@/lib/sport-selection';
import { cleanUpAfterEach } from './support/fake-server.tsx';

function Shown() {
  const { selectedSportId, sportId } = useSportSelection();
  return <p>{`selected ${selectedSportId} played ${sportId}`}</p>;
}

const app = (playedSportIds: number[]) => (
  <SportSelectionProvider
    initialSportId={33}
    playedSportIds={playedSportIds}
    initialWeeks={undefined}
    sports={playedSportIds.map((sportId) => ({ sportId, timeZone: 'America/New_York' }))}
  >
    <Shown />
  </SportSelectionProvider>
);

cleanUpAfterEach();

describe('the selected sport', () => {
  it('moves to the first sport still played when the client removes it', async () => {
    const { rerender } = render(app([33, 34]));
    expect(screen.getByText(/^selected/).textContent).toBe('selected 33 played 33');
    rerender(app([34]));
    expect((await screen.findByText('selected 34 played 34')).textContent).toBe('selected 34 played 34');
  });
});
