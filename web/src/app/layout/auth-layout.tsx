import type { ReactNode } from 'react';
import { CheckIcon } from '@/ui/icons';
import { Brand } from '@/app/brand';
import './auth-layout.css';

const sellingPoints = [
  'Pick 5 games against the spread every week',
  'Stake 20, 10, 10, 5 and 5 points, plus a bonus game',
  'Climb the weekly and season leaderboards',
];

/** The frame of the signed-out screens: a pitch beside the form on wide screens, the form alone on phones. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-screen">
      <aside className="auth-screen__aside">
        <span className="brand">
          <Brand />
        </span>
        <div className="auth-screen__pitch">
          <p className="auth-screen__headline">Your weekly pick'em, with everyone in your league.</p>
          <ul className="auth-screen__points">
            {sellingPoints.map((point) => (
              <li key={point}>
                <CheckIcon size={18} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <small>© {new Date().getFullYear()} Pick'em</small>
      </aside>
      <main className="auth-screen__main">
        <span className="brand auth-screen__brand-small">
          <Brand />
        </span>
        {children}
      </main>
    </div>
  );
}
