import { Suspense } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_PAGES } from '../components/admin-pages';
import { FullScreenLoader } from '../components/full-screen-loader';
import { ListingSlotsProvider, type ListingSlots } from '../components/listing-slots';
import { TopBar } from '../components/top-bar';
import { MessagesLink, WriteToSeller } from '../features/conversations';
import { FavouriteButton, KeepPendingFavourite } from '../features/favourites';
import { NotificationsBell } from '../features/notifications';
import { RememberViewed } from '../features/recently-viewed';
import { SellerSignals } from '../features/reputation';
import { resetBrowsing, ScrollToTop } from '../features/listings';
import { MiniApp } from '../features/telegram-app';
import { useTranslation } from '../lib/i18n';
import { insideTelegram } from '../lib/telegram-launch';

/** The favourites' heart on every card and on the detail page, which also joins the recently viewed. */
const LISTING_SLOTS: ListingSlots = {
  card: (listingId) => <FavouriteButton listingId={listingId} place="card" />,
  detail: (listing) => (
    <>
      <RememberViewed listing={listing} />
      <FavouriteButton listingId={listing._id} place="detail" />
    </>
  ),
  contact: (listing) => <WriteToSeller listingId={listing._id} />,
  seller: (listing) => <SellerSignals sellerId={listing.author._id} />,
};

/** Conversations and the inbox (issue 37): their unread counts in the top bar. */
const SIGNED_IN_LINKS = (
  <>
    <MessagesLink />
    <NotificationsBell />
  </>
);

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
        {insideTelegram() ? (
          <Suspense fallback={null}>
            <MiniApp />
          </Suspense>
        ) : (
          /* Listings (issue 5): the logo starts browsing afresh, without filters or the scroll-back card. */
          <TopBar onLogoClick={resetBrowsing} signedInLinks={SIGNED_IN_LINKS} />
        )}
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
