import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_PAGES } from '../../../components/admin-pages';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { signInReturnOf, useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';

interface MenuEntry {
  to: string;
  labelKey: string;
  end: boolean;
}

const MENU: MenuEntry[] = [
  { to: '/profile', labelKey: 'pages.myListings', end: true },
  { to: '/profile/favourites', labelKey: 'pages.favourites', end: false },
  { to: '/profile/searches', labelKey: 'pages.savedSearches', end: false },
  { to: '/profile/balance', labelKey: 'pages.balance', end: false },
  { to: '/profile/settings', labelKey: 'pages.settings', end: false },
];

const ADMIN_MENU: MenuEntry[] = ADMIN_PAGES.map((page) => ({ ...page, end: false }));

/** The profile area (spec section 2): for signed-in users only, with a side menu on large screens. */
function ProfileLayout() {
  const { t } = useTranslation();
  const { user, isAdmin, loading } = useSession();
  const location = useLocation();
  if (loading) return <FullScreenLoader />;
  // Sign-in comes back here ('E'lon berish' from the top bar, a link to the settings).
  if (!user) return <Navigate to="/login" replace state={signInReturnOf(location)} />;

  const entries = isAdmin ? [...MENU, ...ADMIN_MENU] : MENU;
  return (
    <div className="flex gap-6">
      <nav className="hidden w-56 shrink-0 lg:block" aria-label={t('profileMenu.label')}>
        <ul className="space-y-1">
          {entries.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export { ProfileLayout as Component };
