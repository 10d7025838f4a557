import { useTranslation } from 'react-i18next';
import type { UserDto } from '@market/contracts';

type AvatarUser = Pick<UserDto, 'name' | 'surname' | 'username' | 'phoneNumber' | 'image'>;

/** How the product names a user: the name, else the username, else the phone number. */
export function userDisplayName(user: AvatarUser): string {
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  return fullName || user.username || `+${user.phoneNumber}`;
}

const SIZES = { sm: 'h-8 w-8 text-sm', lg: 'h-24 w-24 text-3xl' };

/** The user's photo, or the first letter of the name on a brand-coloured circle. */
export function UserAvatar({ user, size }: { user: AvatarUser; size: keyof typeof SIZES }) {
  const { t } = useTranslation();
  const name = userDisplayName(user);
  if (user.image) {
    return <img src={user.image.location} alt={t('avatarAlt', { name })} className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden className={`${SIZES[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}>
      {name.replace(/^\+/, '').charAt(0).toUpperCase()}
    </span>
  );
}
