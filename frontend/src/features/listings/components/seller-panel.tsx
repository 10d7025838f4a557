import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ListingDetail } from '@market/contracts';
import { formatPhoneNumber } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { regionLabel } from '../format';
import { telegramLink, type ContactReveal } from '../hooks/use-contact-reveal';
import { SocialIcon } from './social-icon';
import { TitledSection } from '../../../components/titled-section';

/** How the number looks until the visitor asks for it (spec section 2, Seller side panel). */
const MASKED_PHONE = 'xxx-xx-xxx-xx-xx';

export type SellerPanelProps = Pick<ListingDetail, 'author' | 'authorName' | 'region'> & {
  /** Absent on the seller's own listing: nobody calls themselves. */
  reveal?: ContactReveal;
  children?: ReactNode;
};

/**
 * The seller: name, photo or initial, region and the hidden number. 'Qo'ng'iroq qilish' asks
 * for the contact; on phones the contact bar holds that button, always on screen.
 */
export function SellerPanel({ author, authorName, region, reveal, children }: SellerPanelProps) {
  const { t } = useTranslation('listing-page');
  const name = authorName || author.name || t('seller.anonymous');

  return (
    <TitledSection title={t('seller.title')} className="rounded-xl border border-slate-200 bg-white p-4" titleClassName="mb-3 text-sm font-medium text-slate-500">
      <div className="flex items-center gap-3">
        {author.image ? (
          <img src={author.image.location} alt={t('seller.avatarAlt', { name })} className="h-12 w-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            <Link to={`/seller/${author._id}`} className="flex min-h-11 min-w-0 items-center hover:underline">
              <span className="truncate">{name}</span>
            </Link>
          </p>
          <p className="text-sm text-slate-600">{regionLabel(region, currentLanguage())}</p>
        </div>
      </div>

      {reveal && <SellerContact reveal={reveal} />}
      {children && <div className="mt-2 hidden lg:flex">{children}</div>}
    </TitledSection>
  );
}

/** The number, masked until asked for, and Telegram; the button that asks (desktops: phones have the contact bar). */
function SellerContact({ reveal }: { reveal: ContactReveal }) {
  const { t } = useTranslation('listing-page');
  const { contact, errorMessage } = reveal;
  return (
    <>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex items-center justify-between gap-2">
          <dt className="text-slate-500">{t('seller.phone')}</dt>
          <dd className="font-medium text-slate-900">
            {contact ? (
              <a href={`tel:+${contact.phoneNumber}`} className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
                {formatPhoneNumber(contact.phoneNumber, 'spaces')}
              </a>
            ) : (
              <span>{MASKED_PHONE}</span>
            )}
          </dd>
        </div>
        {contact?.telegramUsername && (
          <div className="flex items-center justify-between gap-2">
            <dt className="text-slate-500">{t('seller.telegram')}</dt>
            <dd>
              <a
                href={telegramLink(contact.telegramUsername)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-1 font-medium text-sky-700 hover:underline"
              >
                <SocialIcon channel="telegram" className="h-4 w-4" />@{contact.telegramUsername.replace(/^@/, '')}
              </a>
            </dd>
          </div>
        )}
      </dl>

      <button
        type="button"
        onClick={reveal.toggle}
        disabled={reveal.pending}
        aria-expanded={Boolean(contact)}
        className="mt-4 hidden min-h-11 w-full rounded-lg bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70 lg:block"
      >
        {reveal.pending ? t('seller.revealing') : contact ? t('seller.hide') : t('seller.call')}
      </button>
      {errorMessage && (
        <p role="alert" className="mt-2 hidden text-sm text-red-700 lg:block">
          {errorMessage}
        </p>
      )}
    </>
  );
}
