import { Fragment } from 'react';
import { usePrizes } from '@/lib/api/get-prizes';
import './prizes-line.css';

/**
 * What the pool plays for: the client's active prizes, named under a page's title. Nothing when there are none or
 * when they cannot be read (the page is about something else). While they load, the line's room is kept (as tall as
 * a usual list of prizes at the window's width), so the page under the title does not jump when they come.
 */
export function PrizesLine({ clientId }: { clientId: number }) {
  const { data, error } = usePrizes(clientId);
  if (data === undefined && error === undefined) return <p className="prizes-line" aria-hidden="true" />;
  // A client manager's answer holds the inactive prizes too; a page names what can be won.
  const active = data?.filter((prize) => prize.active) ?? [];
  if (active.length === 0) return null;
  return (
    <p className="prizes-line">
      <strong>Prizes:</strong>{' '}
      {active.map((prize, index) => (
        <Fragment key={prize.id}>
          {index > 0 && ' · '}
          <span className="prizes-line__prize">{prize.name}</span>
        </Fragment>
      ))}
    </p>
  );
}
