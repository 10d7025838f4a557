import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';

const MENU = [
  { to: '/profile', labelKey: 'pages.myListings', end: true },
  { to: '/profile/settings', labelKey: 'pages.settings', end: false },
];

/** The profile area: a side menu on large screens beside the page. */
function ProfileLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex gap-6">
      <nav className="hidden w-56 shrink-0 lg:block" aria-label={t('pages.myListings')}>
        <ul className="space-y-1">
          {MENU.map((item) => (
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
