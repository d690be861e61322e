import { Link } from 'react-router-dom';
import { SportRail } from '@/features/sports/components/sport-rail';
import type { SportChoice } from '@/lib/api/get-client-sports';
import { LogOutIcon } from '@/ui/icons';
import { BrandMark } from '@/app/brand';
import './app-sidebar.css';

export function AppSidebar({ sports, onLogout }: { sports: readonly SportChoice[]; onLogout: () => void }) {
  return (
    <aside className="app-sidebar">
      <div className="app-sidebar__inner">
        <Link to="/" className="app-sidebar__logo" aria-label="Pick'em home" title="Pick'em home">
          <BrandMark />
        </Link>
        <nav className="app-sidebar__section" aria-label="Sports">
          {sports.length > 0 && <span className="app-sidebar__caption">Sports</span>}
          <SportRail sports={sports} variant="rail" />
        </nav>
        <div className="app-sidebar__footer">
          <button type="button" className="rail-button" onClick={onLogout}>
            <LogOutIcon size={22} />
            <span>Log Out</span>
          </button>
        </div>
      </div>
    </aside>
  );
}
