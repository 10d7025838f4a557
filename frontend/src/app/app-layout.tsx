import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullScreenLoader } from '../components/full-screen-loader';
import { TopBar } from '../components/top-bar';
import { resetBrowsing, ScrollToTop } from '../features/listings';
import { useTranslation } from '../lib/i18n';

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      {/* Listings (issue 5): the logo starts browsing afresh, without filters or the scroll-back card. */}
      <TopBar onLogoClick={resetBrowsing} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-600">{t('footer')}</footer>
    </div>
  );
}
