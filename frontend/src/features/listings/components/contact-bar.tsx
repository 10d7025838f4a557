import type { ReactNode } from 'react';
import { formatPhoneNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { telegramLink, type ContactReveal } from '../hooks/use-contact-reveal';
import { SocialIcon } from './social-icon';

const CALL = 'flex min-h-12 items-center justify-center rounded-lg bg-brand-700 font-medium text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70';
const TELEGRAM = 'flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg border border-sky-600 px-4 font-medium text-sky-700 hover:bg-sky-50 disabled:cursor-wait';

/**
 * Phones only: 'Qo'ng'iroq qilish' and Telegram at the bottom of the screen wherever the page is
 * scrolled. Sticky, not fixed: at the page's end it rests above the footer instead of covering it.
 * Either button asks for the contact first; then the number shows here, where the finger is, as the
 * link that calls it (the seller panel is off screen), and Telegram opens the chat.
 */
export function ContactBar({ reveal, children }: { reveal: ContactReveal; children?: ReactNode }) {
  const { t } = useTranslation('listing-page');
  const { contact } = reveal;
  const number = contact && formatPhoneNumber(contact.phoneNumber, 'spaces');
  return (
    <section aria-label={t('seller.contactBar')} className="sticky bottom-0 z-30 -mx-4 mt-4 border-t border-slate-200 bg-white px-4 py-2 lg:hidden">
      {reveal.errorMessage && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {reveal.errorMessage}
        </p>
      )}
      <div className="flex gap-2">
        {contact ? (
          <>
            {/* As wide as the number needs (flex-basis auto); Telegram takes the rest. */}
            <a
              href={`tel:+${contact.phoneNumber}`}
              aria-label={t('seller.callNumber', { number })}
              className={`${CALL} shrink-0 grow basis-auto flex-col px-3 py-1 leading-tight`}
            >
              <span className="text-base font-semibold whitespace-nowrap">{number}</span>
              <span className="text-xs font-normal">{t('seller.callNow')}</span>
            </a>
            {contact.telegramUsername && (
              <a href={telegramLink(contact.telegramUsername)} target="_blank" rel="noopener noreferrer" className={TELEGRAM}>
                <SocialIcon channel="telegram" />
                {t('seller.telegram')}
              </a>
            )}
          </>
        ) : (
          <>
            {/* px-3: 'Qo'ng'iroq qilish' stays on one line on a 360 px screen (px-4 left it 2 px short). */}
            <button type="button" onClick={reveal.toggle} disabled={reveal.pending} className={`${CALL} flex-1 gap-2 px-3`}>
              {reveal.pending ? t('seller.revealing') : t('seller.call')}
            </button>
            <button type="button" onClick={reveal.toggle} disabled={reveal.pending} className={TELEGRAM}>
              <SocialIcon channel="telegram" />
              {t('seller.telegram')}
            </button>
          </>
        )}
      </div>
      {children && <div className="mt-2 flex">{children}</div>}
    </section>
  );
}
