import type { SocialChannel } from '@market/contracts';

const env = import.meta.env;

/** The marketplace's own channels (home side column); set at build time with VITE_* variables. */
export const SOCIAL_LINKS: readonly { channel: SocialChannel; url: string }[] = [
  { channel: 'telegram', url: env.VITE_TELEGRAM_URL || 'https://t.me/telefonbozor' },
  { channel: 'instagram', url: env.VITE_INSTAGRAM_URL || 'https://www.instagram.com/telefonbozor' },
  { channel: 'facebook', url: env.VITE_FACEBOOK_URL || 'https://www.facebook.com/telefonbozor' },
];

/** Who advertisers write to: a Telegram username (without @) and, when set, a phone number in 12 digits. */
export const ADVERTISING_CONTACT = {
  telegram: env.VITE_ADVERTISING_TELEGRAM || 'telefonbozor_reklama',
  phone: env.VITE_ADVERTISING_PHONE || '',
};
