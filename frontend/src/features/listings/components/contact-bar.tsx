import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { telegramLink, type ContactReveal } from '../hooks/use-contact-reveal';
import { SocialIcon } from './social-icon';

const CALL = 'flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70';
const TELEGRAM = 'flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg border border-sky-600 px-4 font-medium text-sky-700 hover:bg-sky-50 disabled:cursor-wait';

/**
 * Phones only: 'Qo'ng'iroq qilish' and Telegram at the bottom of the screen wherever the page is
 * scrolled. Sticky, not fixed: at the page's end it rests above the footer instead of covering it.
 * Either button asks for the contact first; then they call and open the chat.
 */
export function ContactBar({ reveal, children }: { reveal: ContactReveal; children?: ReactNode }) {
  const { t } = useTranslation('listings');
  const { contact } = reveal;
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
            <a href={`tel:+${contact.phoneNumber}`} className={CALL}>
              {t('seller.call')}
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
            <button type="button" onClick={reveal.toggle} disabled={reveal.pending} className={CALL}>
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
