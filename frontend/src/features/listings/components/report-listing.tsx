import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { signInReturnOf, useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { lazyWhenOnline } from '../../../lib/load-chunk';

const ReportDialog = lazyWhenOnline(() => import('./report-dialog'));

const linkButtonClass = 'inline-flex min-h-11 items-center text-sm font-medium text-slate-600 underline hover:text-red-700';

/** 'Shikoyat qilish' under the seller panel: signed-in buyers report a listing; others are asked to sign in first. */
export function ReportListing({ listingId, authorId }: { listingId: string; authorId: string }) {
  const { t } = useTranslation('listing-page');
  const { user } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  if (user?._id === authorId) return null;
  if (!user) {
    return (
      <Link to="/login" state={signInReturnOf(location)} className={linkButtonClass}>
        {t('report.open')}
      </Link>
    );
  }
  if (reported) return <p className="py-3 text-sm text-slate-600">{t('report.done')}</p>;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={linkButtonClass}>
        {t('report.open')}
      </button>
      {open && (
        <Suspense>
          <ReportDialog
          listingId={listingId}
          onClose={() => setOpen(false)}
          onReported={() => {
            setOpen(false);
            setReported(true);
          }}
          />
        </Suspense>
      )}
    </>
  );
}
