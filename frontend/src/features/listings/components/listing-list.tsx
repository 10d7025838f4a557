import { LIMITS, type ListingCard as ListingCardData } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';
import { ListingCard } from './listing-card';
import { LoadFailed } from '../../../components/load-failed';

const GRID = 'grid gap-3 md:grid-cols-2';
/**
 * Cards below the screen are laid out and painted only when scrolled near, which spares a phone
 * most of a page's first layout. Until then a card takes the height given here, 221 px (its photo
 * box and padding, 176, and the seller's link, 45): a smaller one let the seller's link of a card
 * not yet drawn lie over the next card, a touch target too cramped to tap (Lighthouse's target-size).
 */
const CARD_ITEM = '[content-visibility:auto] [contain-intrinsic-size:auto_221px]';
/** The cards a 360x740 phone shows on its first screen under the search bar and brands. */
const FIRST_SCREEN_CARDS = 2;

export interface ListingListProps {
  listings: ListingCardData[] | undefined;
  loading: boolean;
  /** The load failed: its message, already in the reader's language. */
  error?: string;
  onRetry?: () => void;
  /** What found nothing: the name typed, whether other filters narrowed it, and the way to drop them all. */
  search?: { name?: string; filtered: boolean; onClear: () => void };
}

/**
 * Cards of one page: a skeleton of 3 while loading, 'mavjud emas' when there are none (spec section 2,
 * Home), saying what was searched and offering to clear the filters.
 */
export function ListingList({ listings, loading, error, onRetry, search }: ListingListProps) {
  const { t } = useTranslation('listings');
  if (loading) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t('list.loading')}</span>
        <ul className={GRID} aria-hidden>
          {Array.from({ length: LIMITS.skeletonCards }, (_, index) => (
            <li key={index}>
              <ListingCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (error) {
    return (
      <LoadFailed message={error} retry={onRetry && { label: t('list.retry'), onRetry }} />
    );
  }
  if (!listings?.length) {
    const searched = search && (search.name || search.filtered);
    return (
      <div role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center text-slate-600">
        <p className="break-words">
          {search?.name
            ? t(search.filtered ? 'list.emptyNameFiltered' : 'list.emptyName', { name: search.name })
            : t(searched ? 'list.emptyFiltered' : 'list.empty')}
        </p>
        {searched && (
          <button
            type="button"
            onClick={search.onClear}
            className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-brand-600 px-4 font-medium text-brand-800 hover:bg-brand-50"
          >
            {t('list.clearFilters')}
          </button>
        )}
      </div>
    );
  }
  return (
    <ul className={GRID}>
      {listings.map((listing, index) => (
        <li key={listing._id} className={CARD_ITEM}>
          <ListingCard listing={listing} firstScreen={index < FIRST_SCREEN_CARDS} />
        </li>
      ))}
    </ul>
  );
}

function ListingCardSkeleton() {
  const { width, height } = LIMITS.cardImageBox;
  return (
    <div className="flex animate-pulse gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <div className="shrink-0 rounded-lg bg-slate-200" style={{ width, height }} />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-5 w-1/2 rounded bg-slate-200" />
        <div className="mt-auto h-3 w-1/3 rounded bg-slate-200" />
        <div className="h-3 w-2/5 rounded bg-slate-200" />
      </div>
    </div>
  );
}
