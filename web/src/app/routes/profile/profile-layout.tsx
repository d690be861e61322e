import { Link, NavLink, Outlet } from 'react-router-dom';
import { useIsNarrowWindow } from '@/lib/use-media-query';
import { ArrowLeftIcon, BellIcon, SettingsIcon, UserIcon, WalletIcon } from '@/ui/icons';
import './profile-layout.css';

const sections = [
  { to: '/profile/settings', label: 'Profile Settings', icon: <UserIcon size={18} /> },
  { to: '/profile/account-settings', label: 'Account Settings', icon: <SettingsIcon size={18} /> },
  { to: '/profile/notifications', label: 'Notifications', icon: <BellIcon size={18} /> },
  { to: '/profile/wallet', label: 'My Wallet', icon: <WalletIcon size={18} /> },
];

export function ProfileLayout() {
  const narrow = useIsNarrowWindow();
  return (
    <>
      {narrow && (
        <Link to="/dashboard" className="back-link">
          <ArrowLeftIcon size={18} />
          Back to Dashboard
        </Link>
      )}
      <h1 className="page-title">My Profile</h1>
      <div className="profile-layout">
        <nav className="profile-nav" aria-label="Profile">
          <ul>
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>
                  {section.icon}
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="profile-content">
          <Outlet />
        </div>
      </div>
    </>
  );
}
