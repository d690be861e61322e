import type { PickShare } from '#domain/scoring/pick-share.ts';
import './pick-share.css';

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** How the pool split on a started game: "62% took Chiefs · 38% took Bills (29 picks)", with a bar. */
export function PickShareLine({ share, homeName, awayName }: { share: PickShare; homeName: string; awayName: string }) {
  if (share.picks === 0) return <p className="pick-share pick-share--none">Nobody in the pool picked this game.</p>;
  const text = `${percent(share.home)} took ${homeName} · ${percent(share.away)} took ${awayName} (${share.picks} ${share.picks === 1 ? 'pick' : 'picks'})`;
  return (
    <div className="pick-share">
      <span className="pick-share__bar" aria-hidden="true">
        <span className="pick-share__home" style={{ width: percent(share.home) }} />
      </span>
      <p className="pick-share__text">
        <span className="visually-hidden">The pool's picks: </span>
        {text}
      </p>
    </div>
  );
}
