// @vitest-environment happy-dom
// A sport the client stops playing leaves the selection (docs/rules.md, Client sports): the app moves to the first
// sport the client still plays, instead of saying no sport is set up while others are listed; and a client that
// played none selects the first it starts to play (the session goes on: app/session-gate.tsx).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SportSelectionProvider, useSportSelection } from '@/lib/sport-selection';
import { cleanUpAfterEach } from './support/fake-server.tsx';

function Shown() {
  const { selectedSportId, sportId } = useSportSelection();
  return <p>{`selected ${selectedSportId} played ${sportId}`}</p>;
}

const app = (playedSportIds: number[], initialSportId?: number) => (
  <SportSelectionProvider
    initialSportId={initialSportId}
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
    const { rerender } = render(app([33, 34], 33));
    expect(screen.getByText(/^selected/).textContent).toBe('selected 33 played 33');
    rerender(app([34], 33));
    expect((await screen.findByText('selected 34 played 34')).textContent).toBe('selected 34 played 34');
  });

  it('is the first sport a client that played none starts to play, the session going on', async () => {
    const { rerender } = render(app([]));
    expect(screen.getByText(/^selected/).textContent).toBe('selected undefined played undefined');
    rerender(app([34, 33]));
    expect((await screen.findByText('selected 34 played 34')).textContent).toBe('selected 34 played 34');
  });
});
