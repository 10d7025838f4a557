import { Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../lib/auth';
import { useTranslation } from '../lib/i18n';
import { FullScreenLoader } from './full-screen-loader';
import { LanguageSelect } from './language-select';
import { lazyWhenOnline } from '../lib/load-chunk';

/** Signed-in users only: the menu's code loads with their session, not with every visitor's first page. */
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazyWhenOnline(loadUserMenu);

export interface TopBarProps {
  /** Run when the logo is clicked, before going home (the app resets the listings' browsing). */
  onLogoClick?: () => void;
  /** Beside a signed-in user's menu (the app's messages and notifications, with their unread counts). */
  signedInLinks?: ReactNode;
}

export function TopBar({ onLogoClick, signedInLinks }: TopBarProps) {
  const { t } = useTranslation();
  const { user, isAdmin, loading } = useSession();
  useEffect(() => {
    if (loading) void loadUserMenu();
  }, [loading]);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link to="/" onClick={onLogoClick} className="flex min-h-11 min-w-11 items-center truncate text-base font-bold tracking-tight text-brand-700 sm:text-lg" aria-label={t('logoLabel')}>
          {t('brand')}
        </Link>
        {/* No gaps on phones: a signed-in bar holds six 44 px controls beside the logo at 360 px. */}
        <div className="ml-auto flex shrink-0 items-center sm:gap-2">
          <LanguageSelect />
          <Link
            to="/profile/phone/add"
            aria-label={t('addListing')}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md bg-brand-700 px-2.5 text-sm font-medium text-white hover:bg-brand-800 sm:px-3"
          >
            <span aria-hidden className="sm:hidden">
              +
            </span>
            <span className="hidden sm:inline">{t('addListing')}</span>
          </Link>
          {user ? (
            <>
              {signedInLinks}
              {/* The avatar's place meanwhile: nothing beside it moves. */}
              <Suspense fallback={<span aria-hidden className="h-11 w-11" />}>
                <UserMenu user={user} isAdmin={isAdmin} />
              </Suspense>
            </>
          ) : (
            <Link to="/login" className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 sm:px-3">
              {t('signIn')}
            </Link>
          )}
        </div>
      </div>
      {loading && <FullScreenLoader />}
    </header>
  );
}
