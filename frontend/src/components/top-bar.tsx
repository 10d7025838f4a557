import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserDto } from '@market/contracts';
import { useLogout, useSession } from '../features/auth';
import { resetBrowsing } from '../features/listings';
import { DropdownMenu, type MenuItem } from './dropdown-menu';
import { FullScreenLoader } from './full-screen-loader';
import { LanguageSelect } from './language-select';
import { UserAvatar, userDisplayName } from './user-avatar';
import { formatUzs } from './uzs-amount';

function UserMenu({ user, isAdmin }: { user: UserDto; isAdmin: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const name = userDisplayName(user);
  const items: MenuItem[] = [
    { key: 'profile', label: t('userMenu.profile'), to: '/profile' },
    { key: 'settings', label: t('userMenu.settings'), to: '/profile/settings' },
    ...(isAdmin ? [{ key: 'admin', label: t('userMenu.admin'), to: '/profile/allphones' }] : []),
    { key: 'logout', label: t('userMenu.logout'), onSelect: () => logout.mutate() },
  ];
  return (
    <DropdownMenu
      label={t('userMenu.label', { name })}
      trigger={
        <>
          <UserAvatar user={user} size="sm" />
          <span className="hidden max-w-32 truncate sm:inline">{name}</span>
        </>
      }
      header={
        <>
          <p className="truncate font-medium text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            {t('userMenu.balance')}: <span className="font-medium text-slate-900">{formatUzs(user.balance)}</span>
          </p>
        </>
      }
      items={items}
    />
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const { user, isAdmin, loading } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        {/* Listings (issue 5): the logo starts browsing afresh, without filters or the scroll-back card. */}
        <Link to="/" onClick={resetBrowsing} className="min-w-0 truncate text-base font-bold tracking-tight text-brand-700 sm:text-lg" aria-label={t('logoLabel')}>
          {t('brand')}
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSelect />
          <Link
            to="/profile/phone/add"
            aria-label={t('addListing')}
            className="rounded-md bg-brand-700 px-2.5 py-1.5 text-sm font-medium text-white hover:bg-brand-800 sm:px-3"
          >
            <span aria-hidden className="sm:hidden">
              +
            </span>
            <span className="hidden sm:inline">{t('addListing')}</span>
          </Link>
          {user ? (
            <UserMenu user={user} isAdmin={isAdmin} />
          ) : (
            <Link to="/login" className="rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 sm:px-3">
              {t('signIn')}
            </Link>
          )}
        </div>
      </div>
      {loading && <FullScreenLoader />}
    </header>
  );
}
