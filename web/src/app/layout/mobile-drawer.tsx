import { NavLink } from 'react-router-dom';
import type { User } from '@/features/auth/api/get-current-user';
import { SportRail } from '@/features/sports/components/sport-rail';
import type { SportChoice } from '@/lib/api/get-client-sports';
import { BellIcon, HelpIcon, LogOutIcon, SettingsIcon, UserIcon, WalletIcon } from '@/ui/icons';
import { Modal } from '@/ui/modal';
import { MainNav } from './main-nav';
import { UserAvatar } from './user-avatar';
import './mobile-drawer.css';

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  user: User;
  sports: readonly SportChoice[];
  onContactAdmin: () => void;
  onLogout: () => void;
}

const accountLinks = [
  { to: '/profile/settings', label: 'Profile Settings', icon: <UserIcon /> },
  { to: '/profile/account-settings', label: 'Account Settings', icon: <SettingsIcon /> },
  { to: '/profile/notifications', label: 'Notifications', icon: <BellIcon /> },
  { to: '/profile/wallet', label: 'My Wallet', icon: <WalletIcon /> },
];

/** The phone layout's menu: the sidebar's sports, the navigation and the account actions. */
export function MobileDrawer({ open, onClose, user, sports, onContactAdmin, onLogout }: MobileDrawerProps) {
  return (
    <Modal open={open} onClose={onClose} title="Menu" placement="drawer">
      <div className="drawer-user">
        <UserAvatar name={user.displayName} />
        <div className="profile-trigger__text">
          <span className="profile-trigger__name">{user.displayName}</span>
          <span className="profile-trigger__email">{user.emailAddress}</span>
        </div>
      </div>
      <nav className="drawer-section" aria-label="Main">
        <MainNav user={user} linkClassName="drawer-link" onNavigate={onClose} />
      </nav>
      {sports.length > 0 && (
        <nav className="drawer-section" aria-label="Sports">
          <h3 className="drawer-section__title">Sports</h3>
          <SportRail sports={sports} variant="list" onSelected={onClose} />
        </nav>
      )}
      <div className="drawer-section">
        <h3 className="drawer-section__title">Account</h3>
        <ul className="drawer-list">
          {accountLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="drawer-link" onClick={onClose}>
                {link.icon}
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="drawer-link"
              onClick={() => {
                onClose();
                onContactAdmin();
              }}
            >
              <HelpIcon />
              Contact Admin
            </button>
          </li>
          <li>
            <button type="button" className="drawer-link" onClick={onLogout}>
              <LogOutIcon />
              Log Out
            </button>
          </li>
        </ul>
      </div>
    </Modal>
  );
}
