import type { UserDto } from '@market/contracts';
import { formatPhoneNumber } from '../lib/format';
import { useTranslation } from '../lib/i18n';

type AvatarUser = Pick<UserDto, 'name' | 'surname' | 'username' | 'phoneNumber' | 'image'>;

/** How the product names a user: the name, else the username, else the phone number. */
export function userDisplayName(user: AvatarUser): string {
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  return fullName || user.username || formatPhoneNumber(user.phoneNumber);
}

const SIZES = { sm: 'h-8 w-8 text-sm', lg: 'h-24 w-24 text-3xl' };

/** The user's photo, or the first letter of the name on a brand-coloured circle. */
export function UserAvatar({ user, size }: { user: AvatarUser; size: keyof typeof SIZES }) {
  const { t } = useTranslation();
  const name = userDisplayName(user);
  if (user.image) {
    return <img src={user.image.location} alt={t('avatarAlt', { name })} className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />;
  }
  const named = user.name || user.surname || user.username;
  return (
    <span aria-hidden className={`${SIZES[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}>
      {named ? (
        name.charAt(0).toUpperCase()
      ) : (
        // No name yet: a person's outline rather than the first digit of the phone number.
        <svg viewBox="0 0 24 24" className="h-3/5 w-3/5" fill="currentColor">
          <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v1a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-1c0-2.8-3.6-5-8-5Z" />
        </svg>
      )}
    </span>
  );
}
