import type { UserDto } from '@market/contracts';
import { useLogout } from '../lib/auth/logout';
import { formatUzs } from '../lib/format';
import { useTranslation } from '../lib/i18n';
import { Menu, type MenuItem } from './menu';
import { UserAvatar, userDisplayName } from './user-avatar';

/** The top bar's menu of a signed-in user: profile, settings, admin, sign-out, with the balance. */
export default function UserMenu({ user, isAdmin }: { user: UserDto; isAdmin: boolean }) {
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
    <Menu
      label={t('userMenu.label', { name })}
      triggerClassName="flex items-center gap-2 px-2 py-1.5 text-sm font-medium text-slate-800"
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
