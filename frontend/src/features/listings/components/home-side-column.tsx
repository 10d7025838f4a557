import { formatPhoneNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { ADVERTISING_CONTACT, SOCIAL_LINKS } from '../social-links';
import { SocialIcon } from './social-icon';

const CHANNEL_COLOURS = { telegram: 'text-sky-600', instagram: 'text-pink-600', facebook: 'text-blue-700' } as const;

/** The home page's side column: our social channels and the advertising contact box (spec section 2). */
export function HomeSideColumn() {
  const { t } = useTranslation('listings');
  return (
    <aside aria-label={t('side.label')} className="flex flex-col gap-4 lg:sticky lg:top-20 lg:self-start">
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-semibold text-slate-900">{t('side.socialTitle')}</h2>
        <ul className="flex flex-col gap-2">
          {SOCIAL_LINKS.map(({ channel, url }) => (
            <li key={channel}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-h-11 items-center gap-3 rounded-lg px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
              >
                <SocialIcon channel={channel} className={`h-5 w-5 ${CHANNEL_COLOURS[channel]}`} />
                {t(`side.channels.${channel}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
        <h2 className="font-semibold text-brand-800">{t('side.adTitle')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t('side.adText')}</p>
        <div className="mt-3 flex flex-col gap-2 text-sm font-medium">
          {ADVERTISING_CONTACT.phone && (
            <a href={`tel:+${ADVERTISING_CONTACT.phone}`} className="inline-flex min-h-11 items-center self-start text-brand-800 underline-offset-2 hover:underline">
              {formatPhoneNumber(ADVERTISING_CONTACT.phone, 'spaces')}
            </a>
          )}
          <a
            href={`https://t.me/${ADVERTISING_CONTACT.telegram}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg bg-brand-700 px-3 py-2 text-white hover:bg-brand-800"
          >
            <SocialIcon channel="telegram" className="h-4 w-4" />
            {t('side.adWrite')}
          </a>
        </div>
      </section>
    </aside>
  );
}
