import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PROMOTED_TARIFF, type ListingCard as ListingCardData } from '@market/contracts';
import { formatListingPrice, formatTashkentTime } from '../../../lib/format';
import { CardPhoto } from '../../../components/listing-photo';
import { useListingSlots } from '../../../components/listing-slots';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { regionLabel } from '../format';
import { rememberOpenedListing } from '../stores/scroll-id';

export interface ListingCardProps {
  listing: ListingCardData;
  /** A bar under the card, e.g. the author's and admins' buttons (added by the pages that need them). */
  actions?: ReactNode;
  /** Leaves out the link to the seller's page (on that page, and in the seller's own lists). */
  hideSeller?: boolean;
  /** The card is on the first screen: its photo loads at once, not when scrolled to. */
  firstScreen?: boolean;
}

/** The element id the home list scrolls back to. */
export function listingCardElementId(id: string): string {
  return `listing-${id}`;
}

/** A listing in a list (spec section 2, Listing card): photo, name, price, region, date and time, and who sells it. */
export function ListingCard({ listing, actions, hideSeller, firstScreen }: ListingCardProps) {
  const { t } = useTranslation('listings');
  const slots = useListingSlots();
  return (
    <article
      id={listingCardElementId(listing._id)}
      className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <Link
        to={`/phone/${listing._id}`}
        onClick={() => rememberOpenedListing(listing._id)}
        className="flex flex-1 gap-3 p-3 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
      >
        <CardPhoto src={listing.image?.location} alt={t('card.photoAlt', { name: listing.name })} eager={firstScreen} />
        <div className="flex min-w-0 flex-1 flex-col">
          {/* Super 4x, or a TOP place of the feed bought as a promotion (issue 39). */}
          {(listing.tarif === PROMOTED_TARIFF || listing.top) && (
            <span className="mb-1 self-start rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">
              {t('card.promoted')}
            </span>
          )}
          {/* Clear of the heart laid over the card's corner (issue 36: it covered long names on phones). */}
          <h2 className={`line-clamp-2 font-medium break-words text-slate-900 ${slots.card ? 'pr-10' : ''}`}>{listing.name}</h2>
          <p className="mt-1 text-lg font-bold whitespace-nowrap text-brand-800">{formatListingPrice(listing.price, listing.valut, currentLanguage())}</p>
          {(listing.grade || listing.battery !== null) && (
            <p className="mt-1 truncate text-xs text-slate-600">
              {[listing.grade && t(`grades.${listing.grade}`), listing.battery !== null && t('card.battery', { battery: listing.battery })]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          <p className="mt-auto truncate pt-2 text-sm text-slate-600">{regionLabel(listing.region, currentLanguage())}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={listing.createdAt}>{formatTashkentTime(listing.createdAt)}</time>
          </p>
        </div>
      </Link>
      {/* Beside the card's link, not inside it: a link in a link is not valid HTML. */}
      {!hideSeller && (
        <Link
          to={`/seller/${listing.seller._id}`}
          className="flex min-h-11 items-center truncate border-t border-slate-100 px-3 text-sm text-slate-600 hover:text-brand-700 hover:underline"
        >
          {listing.seller.name ? t('card.seller', { name: listing.seller.name }) : t('card.sellerListings')}
        </Link>
      )}
      {slots.card && <div className="absolute top-2 right-2">{slots.card(listing._id)}</div>}
      {actions && <div className="border-t border-slate-100 px-3 py-2">{actions}</div>}
    </article>
  );
}
