import type { UserDto } from '@market/contracts';
import { useLogout } from '../lib/auth/logout';
import { formatSom } from '../lib/format';
import { currentLanguage, useTranslation } from '../lib/i18n';
import { ADMIN_PAGES } from './admin-pages';
import { Menu, type MenuItem } from './menu';
import { UserAvatar, userDisplayName } from './user-avatar';

/** The top bar's menu of a signed-in user: profile, the balance (a way to its page), settings, admin, sign-out. */
export default function UserMenu({ user, isAdmin }: { user: UserDto; isAdmin: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const name = userDisplayName(user);
  const items: MenuItem[] = [
    { key: 'profile', label: t('userMenu.profile'), to: '/profile' },
    { key: 'balance', label: `${t('userMenu.balance')}: ${formatSom(user.balance, currentLanguage())}`, to: '/profile/balance' },
    { key: 'favourites', label: t('pages.favourites'), to: '/profile/favourites' },
    { key: 'searches', label: t('pages.savedSearches'), to: '/profile/searches' },
    { key: 'settings', label: t('userMenu.settings'), to: '/profile/settings' },
    ...(isAdmin ? ADMIN_PAGES.map(({ to, labelKey }) => ({ key: to, label: t(labelKey), to })) : []),
    { key: 'logout', label: t('userMenu.logout'), onSelect: () => logout.mutate() },
  ];
  return (
    <Menu
      label={t('userMenu.label', { name })}
      triggerClassName="flex min-h-11 min-w-11 items-center justify-center gap-2 px-1.5 text-sm font-medium text-slate-800"
      trigger={
        <>
          <UserAvatar user={user} size="sm" />
          <span className="hidden max-w-32 truncate sm:inline">{name}</span>
        </>
      }
      header={<p className="truncate font-medium text-slate-900">{name}</p>}
      items={items}
    />
  );
}
