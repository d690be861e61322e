import { Link } from 'react-router-dom';
import type { User } from '@/features/auth/api/get-current-user';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SportSwitcher } from '@/features/sports/components/sport-switcher';
import type { SportChoice } from '@/lib/api/get-client-sports';
import { IconButton, IconLink } from '@/ui/button';
import {
  ChevronDownIcon,
  HelpIcon,
  InfoIcon,
  LogOutIcon,
  MenuIcon,
  SettingsIcon,
  UserIcon,
  WalletIcon,
} from '@/ui/icons';
import { DropdownMenu } from '@/ui/menu';
import { BrandMark } from '@/app/brand';
import { MainNav } from './main-nav';
import { UserAvatar } from './user-avatar';
import './app-header.css';

export interface AppHeaderProps {
  user: User;
  sports: readonly SportChoice[];
  /** Phone layout: a menu button and a Profile Settings button replace the nav and the profile menu. */
  narrow: boolean;
  onOpenMenu: () => void;
  onOpenRules: () => void;
  onContactAdmin: () => void;
  onLogout: () => void;
}

export function AppHeader({ user, sports, narrow, onOpenMenu, onOpenRules, onContactAdmin, onLogout }: AppHeaderProps) {
  return (
    <header className="app-header">
      {narrow ? (
        <>
          <IconButton label="Open menu" icon={<MenuIcon />} onClick={onOpenMenu} />
          <Link to="/" className="brand" aria-label="Pick'em home">
            <BrandMark />
          </Link>
        </>
      ) : (
        <nav className="main-nav" aria-label="Main">
          <MainNav user={user} />
        </nav>
      )}
      <div className="app-header__tools">
        <SportSwitcher sports={sports} />
        <IconButton label="Rules" icon={<InfoIcon />} onClick={onOpenRules} />
        <NotificationBell userId={user.id} />
        {narrow ? (
          <IconLink to="/profile/settings" label="Profile Settings" icon={<UserIcon />} />
        ) : (
          <>
            <span className="app-header__divider" aria-hidden="true" />
            <DropdownMenu
              label="Account"
              triggerClassName="profile-trigger"
              trigger={
                <>
                  <UserAvatar name={user.displayName} />
                  <span className="profile-trigger__text">
                    <span className="profile-trigger__name">{user.displayName}</span>
                    <span className="profile-trigger__email">{user.emailAddress}</span>
                  </span>
                  <ChevronDownIcon size={16} />
                </>
              }
              items={[
                { key: 'settings', label: 'Profile Settings', icon: <UserIcon size={18} />, to: '/profile/settings' },
                {
                  key: 'account',
                  label: 'Account Settings',
                  icon: <SettingsIcon size={18} />,
                  to: '/profile/account-settings',
                },
                { key: 'wallet', label: 'My Wallet', icon: <WalletIcon size={18} />, to: '/profile/wallet' },
                { key: 'contact', label: 'Contact Admin', icon: <HelpIcon size={18} />, onSelect: onContactAdmin },
                {
                  key: 'logout',
                  label: 'Log Out',
                  icon: <LogOutIcon size={18} />,
                  onSelect: onLogout,
                  separated: true,
                },
              ]}
            />
          </>
        )}
      </div>
    </header>
  );
}
