import { useLayoutEffect, useRef } from 'react';

/**
 * Opening the page (or another sport on it) scrolls the game to the top of the view when it does not fit there as
 * it stands: a live Sunday opens at its live games, a Thursday at the first open one, and the finished games stay
 * above, a scroll up away. The games keep their order by kickoff, so each day still reads as a day. A card first in
 * its day brings its day's heading along. Later loads, week changes and the tabs leave the scroll where the player put it.
 */
export function useOpeningScroll(sportId: number, gameId: number | undefined, ready: boolean) {
  const scrolledFor = useRef<number | undefined>(undefined);
  // Before the first paint, so the page never shows its top and then jumps: in the frame that paints the games, as
  // it starts, so the measuring (the page's first layout of its games) is a task of its own, not one long task with
  // the render that put them there.
  useLayoutEffect(() => {
    if (!ready || scrolledFor.current === sportId) return;
    const frame = requestAnimationFrame(() => {
      scrolledFor.current = sportId;
      if (gameId === undefined) return;
      const card = document.querySelector(`article[data-game-id="${gameId}"]`);
      if (!card || card.getBoundingClientRect().bottom <= window.innerHeight) return;
      const day = card.closest('section');
      const target = day?.querySelector('article') === card ? day : card;
      target.scrollIntoView({ block: 'start', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [sportId, gameId, ready]);
}
