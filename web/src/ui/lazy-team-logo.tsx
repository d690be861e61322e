import { useEffect, useRef, useState } from 'react';
import { TeamLogo, type TeamLogoProps } from './team-logo';

// One observer for every lazy logo of the page.
let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, () => void>();
function whenNearView(element: Element, show: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const reveal = waiting.get(entry.target);
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
        reveal?.();
      }
    },
    { rootMargin: '400px 0px' },
  );
  waiting.set(element, show);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/** Whether a lazy logo's place is near the view yet (always, where there is nothing to observe with). */
function useNearView(hasLogo: boolean) {
  const placeRef = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const place = placeRef.current;
    if (near || !hasLogo || !place) return;
    return whenNearView(place, () => setNear(true));
  }, [near, hasLogo]);
  return { placeRef, near };
}

/**
 * A team logo read only once it nears the view, for long lists (the picks cards): browsers read a data URL at once,
 * whatever `loading="lazy"` says, and each SVG read is a document of its own. Until then a blank disc of its size
 * holds its place, so nothing shifts when it arrives.
 */
export function LazyTeamLogo(props: TeamLogoProps) {
  const { logo, size = 32, alt = '' } = props;
  const { placeRef, near } = useNearView(Boolean(logo));
  if (logo && !near) {
    return (
      <span
        ref={placeRef}
        className="ui-team-logo"
        style={{ width: size, height: size }}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      />
    );
  }
  return <TeamLogo {...props} />;
}
