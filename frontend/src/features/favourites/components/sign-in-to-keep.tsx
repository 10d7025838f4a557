import { useLocation, useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import { signInReturnOf } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { rememberPendingFavourite } from '../pending-favourite';

/** A visitor tapped a heart: signing in keeps the listing (KeepPendingFavourite), back on the page they were on. */
export default function SignInToKeep({ listingId, onClose }: { listingId: string; onClose: () => void }) {
  const { t } = useTranslation('buyers');
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = () => {
    rememberPendingFavourite(listingId);
    // Back to this listing afterwards, its heart kept.
    void navigate('/login', { state: signInReturnOf(location) });
  };
  return (
    <Dialog title={t('favourites.signInTitle')} description={t('favourites.signInText')} closeLabel={t('favourites.close')} onClose={onClose} size="md">
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={signIn} data-autofocus className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          {t('favourites.signIn')}
        </button>
      </div>
    </Dialog>
  );
}
