import { NavLink } from 'react-router-dom';
import { LanguageSelect } from '../../../components/language-select';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 flex-1 items-center justify-center text-sm font-medium ${isActive ? 'text-brand-700' : 'text-slate-600'}`;

/**
 * Telegram draws the title bar above the app, so the site's top bar gives way to this bar at the
 * bottom: home, a new listing, messages, the profile (or signing in) and the language, which
 * follows Telegram's until the person chooses one here.
 */
export function MiniAppNav() {
  const { t } = useTranslation('mini-app-nav');
  const { user } = useSession();
  return (
    <nav aria-label={t('nav.label')} className="fixed inset-x-0 bottom-0 z-40 flex border-t border-slate-200 bg-white pb-[var(--tg-viewport-safe-area-inset-bottom,0px)]">
      <NavLink to="/" end className={linkClass}>
        {t('nav.home')}
      </NavLink>
      <NavLink to="/profile/phone/add" className={linkClass}>
        {t('nav.sell')}
      </NavLink>
      <NavLink to="/profile/messages" className={linkClass}>
        {t('nav.messages')}
      </NavLink>
      <NavLink to={user ? '/profile' : '/login'} end className={linkClass}>
        {user ? t('nav.profile') : t('nav.signIn')}
      </NavLink>
      <div className="flex items-center px-1">
        <LanguageSelect />
      </div>
    </nav>
  );
}
