import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { listingQueryString, tariffOf, type ListingDetail, type ListingDetailResponse } from '@market/contracts';
import { useListingSlots } from '../../../components/listing-slots';
import { PriceGuideNote } from '../../../components/price-guide-note';
import { useSession } from '../../../lib/auth';
import { ApiError } from '../../../lib/api-client';
import { formatListingPrice, formatTashkentTime } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useListing } from '../api/get-listing';
import { regionLabel } from '../format';
import { useContactReveal } from '../hooks/use-contact-reveal';
import { useDocumentMeta } from '../hooks/use-document-meta';
import { BreadcrumbHeader, type HeaderAction } from './breadcrumb-header';
import { ContactBar } from './contact-bar';
import { ImageSlider } from './image-slider';
import { ReportListing } from './report-listing';
import { SafetyWarning } from './safety-warning';
import { SellerPanel } from './seller-panel';
import { SocialIcon } from './social-icon';
import { RetryButton } from '../../../components/load-failed';

/** The quick spec entry the battery row shows; the camera row shows the third entry (spec section 2). */
const BATTERY_SPEC = 'Battery size';
const CAMERA_SPEC_INDEX = 2;

/** What the author sees of their own listing above it (the app composes it: it is the sell feature's words). */
export type OwnerNoticeSlot = (listing: ListingDetailResponse, owner: NonNullable<ListingDetailResponse['owner']>) => ReactNode;

/** The listing detail page at /phone/{id} (spec section 2, Listing detail). */
export function ListingDetailPage({ id, ownerNotice }: { id: string; ownerNotice?: OwnerNoticeSlot }) {
  const { t } = useTranslation(['listing-page', 'listings']);
  const listing = useListing(id);
  useDocumentMeta(listing.data && `${listing.data.name}: ${formatListingPrice(listing.data.price, listing.data.valut, currentLanguage())}`, listing.data?.description ?? undefined);

  if (listing.isPending) return <DetailSkeleton label={t('detail.loading')} />;
  if (listing.isError) {
    const gone = listing.error instanceof ApiError && (listing.error.status === 404 || listing.error.status === 400);
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{gone ? t('detail.notFound') : listing.error.message}</h1>
        {!gone && (
          <RetryButton onRetry={() => void listing.refetch()} className="mt-3 text-brand-700">
            {t('listings:list.retry')}
          </RetryButton>
        )}
        <p className="mt-2">
          <Link to="/" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            {t('detail.backHome')}
          </Link>
        </p>
      </div>
    );
  }
  return <ListingDetailView listing={listing.data} ownerNotice={ownerNotice} />;
}

/**
 * Photos first; on phones the title and price right under them, on desktops beside them with the
 * seller (a right column, the price above the fold); then the details. Grid areas place the same
 * blocks both ways, so a phone reads them in the order it shows them.
 */
function ListingDetailView({ listing, ownerNotice }: { listing: ListingDetailResponse; ownerNotice?: OwnerNoticeSlot }) {
  const { t } = useTranslation('listing-page');
  const { user } = useSession();
  const reveal = useContactReveal(listing._id);
  const slots = useListingSlots();
  // The seller's own listing offers no call or message to themselves; the owner's notice shows how it does instead.
  const own = user?._id === listing.author._id;
  const contactSlot = user && !own ? slots.contact?.(listing) : null;
  const actions: HeaderAction[] = own ? [{ label: t('detail.edit'), to: `/profile/phone/edit/${listing._id}` }] : [];

  return (
    <>
      <BreadcrumbHeader
        crumbs={[
          ...(listing.category ? [{ label: listing.category.name, to: `/?${listingQueryString({ page: 1, brand: listing.category._id })}` }] : []),
          { label: listing.name },
        ]}
        actions={actions}
      />
      {listing.owner && ownerNotice?.(listing, listing.owner)}
      <article aria-labelledby="listing-name" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6">
        <section aria-label={t('slider.label', { name: listing.name })} className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ImageSlider images={listing.images} name={listing.name} />
        </section>
        <div className="space-y-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <ListingSummary listing={listing} />
          <SellerPanel author={listing.author} authorName={listing.authorName} region={listing.region} reveal={own ? undefined : reveal}>
            {contactSlot}
          </SellerPanel>
          {slots.seller?.(listing)}
          <SafetyWarning />
          <ReportListing listingId={listing._id} authorId={listing.author._id} />
        </div>
        <ListingDetails listing={listing} />
      </article>
      {!own && <ContactBar reveal={reveal}>{contactSlot}</ContactBar>}
    </>
  );
}

/** Title and price: the first thing read after the photos. The title row has room for more (a heart). */
function ListingSummary({ listing }: { listing: ListingDetail }) {
  const slots = useListingSlots();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-start gap-2">
        <h1 id="listing-name" className="min-w-0 flex-1 text-xl font-semibold break-words text-slate-900 sm:text-2xl">
          {listing.name}
        </h1>
        {slots.detail?.(listing)}
      </div>
      <p className="mt-1 text-2xl font-bold text-brand-800">{formatListingPrice(listing.price, listing.valut, currentLanguage())}</p>
      <PriceGuideNote
        device={listing.device?._id}
        storage={listing.storage ?? undefined}
        condition={listing.condition ? 'new' : 'used'}
        priceUzs={listing.priceUzs}
      />
      <p className="mt-1 text-sm text-slate-500">
        <time dateTime={listing.createdAt}>{formatTashkentTime(listing.createdAt)}</time>
      </p>
    </div>
  );
}

function ListingDetails({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation(['listing-page', 'listings']);
  const quickSpec = listing.device?.quickSpec ?? [];
  const battery = quickSpec.find((entry) => entry.name === BATTERY_SPEC)?.value;
  const camera = quickSpec[CAMERA_SPEC_INDEX]?.value;
  const memory = [listing.ram && t('detail.ram', { ram: listing.ram }), listing.storage].filter(Boolean).join(' / ');
  const yesNo = (value: boolean) => (value ? t('detail.yes') : t('detail.no'));
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 lg:col-start-1">
      <dl className="grid gap-x-6 sm:grid-cols-2">
        <Field label={t('detail.condition')}>{listing.condition ? t('detail.new') : t('detail.used')}</Field>
        <Field label={t('detail.boxAndDocuments')}>{yesNo(listing.document || listing.condition)}</Field>
        <Field label={t('detail.region')}>{regionLabel(listing.region, currentLanguage())}</Field>
        <Field label={t('detail.delivery')}>{yesNo(listing.shipping)}</Field>
        {battery && <Field label={t('detail.battery')}>{battery}</Field>}
        {camera && <Field label={t('detail.camera')}>{camera}</Field>}
        {listing.color && <Field label={t('detail.color')}>{listing.color}</Field>}
        {memory && <Field label={t('detail.memory')}>{memory}</Field>}
        {listing.grade && <Field label={t('detail.grade')}>{t(`listings:grades.${listing.grade}`)}</Field>}
        {listing.battery !== null && <Field label={t('detail.batteryHealth')}>{t('detail.batteryPercent', { battery: listing.battery })}</Field>}
        {listing.imeiLast4.length > 0 && <Field label={t('detail.imei')}>{listing.imeiLast4.map((last4) => `••••${last4}`).join(', ')}</Field>}
      </dl>
      <UzimeiStatus registered={listing.uzimeiRegistered} />
      {listing.description && (
        <>
          <h2 className="mt-6 mb-2 font-semibold text-slate-900">{t('detail.description')}</h2>
          <p className="break-words whitespace-pre-line text-slate-700">{listing.description}</p>
        </>
      )}
      <ChannelPosts listing={listing} />
    </div>
  );
}

/** The seller's word on UZIMEI registration and, when not registered, what the buyer must do. */
function UzimeiStatus({ registered }: { registered: boolean | null }) {
  const { t } = useTranslation('listing-page');
  if (registered === null) return null;
  return registered ? (
    <p className="mt-4 text-sm font-medium text-emerald-800">{t('detail.uzimeiRegistered')}</p>
  ) : (
    <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">{t('detail.uzimeiNotRegistered')}</p>
      <p className="mt-1">{t('detail.uzimeiAdvice')}</p>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Links to the listing's posts in its tariff's channels, each once it is posted. */
function ChannelPosts({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation('listing-page');
  const posted = tariffOf(listing.tarif).channels.filter((channel) => listing.posts[channel].posted && listing.posts[channel].link);
  if (posted.length === 0) return null;
  return (
    <div className="mt-6">
      <h2 className="mb-2 font-semibold text-slate-900">{t('detail.posts')}</h2>
      <ul className="flex flex-wrap gap-2">
        {posted.map((channel) => (
          <li key={channel}>
            <a
              href={listing.posts[channel].link!}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              <SocialIcon channel={channel} />
              {t(`detail.postOn.${channel}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A screen tall at least: the listing arriving then pushes nothing visible (the footer) down. */
function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid min-h-screen animate-pulse content-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <span className="sr-only">{label}</span>
      <div aria-hidden className="space-y-4">
        <div className="aspect-[4/3] rounded-xl bg-slate-200" />
        <div className="h-6 w-2/3 rounded bg-slate-200" />
        <div className="h-8 w-1/3 rounded bg-slate-200" />
      </div>
      <div aria-hidden className="h-56 rounded-xl bg-slate-200" />
    </div>
  );
}
