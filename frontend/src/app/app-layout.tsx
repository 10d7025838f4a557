import { Suspense } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_PAGES } from '../components/admin-pages';
import { FullScreenLoader } from '../components/full-screen-loader';
import { OfflineBanner } from '../components/offline-banner';
import { ListingSlotsProvider, type ListingSlots } from '../components/listing-slots';
// The parts every first page shows, from their own files: a feature's index names its pages
// too, and importing it would bring them (and what they import) into the first download.
import { FavouriteButton } from '../features/favourites/components/favourite-button';
import { KeepPendingFavourite } from '../features/favourites/components/keep-pending-favourite';
import { RememberViewed } from '../features/recently-viewed/components/remember-viewed';
import { ScrollToTop } from '../features/listings';
import { MiniApp } from '../features/telegram-app';
import { useTranslation } from '../lib/i18n';
import { insideTelegram } from '../lib/telegram-launch';
import { lazyWhenOnline } from '../lib/load-chunk';
import { page } from './lazy-page';

/**
 * Loaded when shown: writing to a seller only for a signed-in user (with the conversations' live
 * connection, Socket.IO), the seller's signals only on a listing page (they wait for their own
 * answer anyway).
 */
const WriteToSeller = lazyWhenOnline(() => import('../features/conversations/components/write-to-seller').then((module) => ({ default: module.WriteToSeller })));
const SellerSignals = lazyWhenOnline(() => import('../features/reputation/components/seller-signals').then((module) => ({ default: module.SellerSignals })));

/**
 * The web's top bar, which Telegram draws itself: inside the Mini App its code is not downloaded.
 * The web's first render waits for it (start.tsx) and the server preloads it with a landing page,
 * so it replaces index.html's bar in place.
 */
const webTopBar = page(() => import('./web-top-bar'));
export const loadWebTopBar = webTopBar.preload;

/** The favourites' heart on every card and on the detail page, which also joins the recently viewed. */
const LISTING_SLOTS: ListingSlots = {
  card: (listingId) => <FavouriteButton listingId={listingId} place="card" />,
  detail: (listing) => (
    <>
      <RememberViewed listing={listing} />
      <FavouriteButton listingId={listing._id} place="detail" />
    </>
  ),
  contact: (listing) => (
    <Suspense fallback={null}>
      <WriteToSeller listingId={listing._id} />
    </Suspense>
  ),
  seller: (listing) => (
    <Suspense fallback={null}>
      <SellerSignals sellerId={listing.author._id} />
    </Suspense>
  ),
};

export function AppLayout() {
  const { t } = useTranslation();
  // The admins' pages (the moderation queue, the brands table) use a desktop's whole width (issue 36 item 10).
  const { pathname } = useLocation();
  const wide = ADMIN_PAGES.some((page) => matchPath(page.to, pathname));
  return (
    <ListingSlotsProvider value={LISTING_SLOTS}>
      <div className="flex min-h-screen flex-col">
        <ScrollToTop />
        <KeepPendingFavourite />
        {/* Inside Telegram, which draws the title bar, the Mini App's shell and its bottom bar take the top bar's place (issue 40). */}
        {insideTelegram() && (
          <Suspense fallback={null}>
            <MiniApp />
          </Suspense>
        )}
        {/* The top bar and the offline banner stay on screen together: the bar's own stickiness holds within this box. */}
        <div className="sticky top-0 z-40">
          {!insideTelegram() && <Suspense fallback={null}>{webTopBar.element}</Suspense>}
          <OfflineBanner />
        </div>
        <main className={`mx-auto w-full flex-1 px-4 py-6 ${wide ? 'max-w-[96rem]' : 'max-w-6xl'}`}>
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-600">{t('footer')}</footer>
      </div>
    </ListingSlotsProvider>
  );
}
