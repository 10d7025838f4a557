import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { lazyWhenOnline } from '../../../lib/load-chunk';
import { errorText } from '../../../components/form/form-error';
import { toast } from '../../../lib/toast';
import { toggleFavourite, useFavouriteIds, useFavouriteStatus } from '../api/favourites';

/** Asked only of a visitor who taps a heart: its dialog's code loads then, not with every card. */
const SignInToKeep = lazyWhenOnline(() => import('./sign-in-to-keep'));

interface FavouriteButtonProps {
  listingId: string;
  /** 'detail' asks the server (and shows its seller the count); a card reads the user's kept ids. */
  place: 'card' | 'detail';
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`h-6 w-6 ${filled ? 'fill-rose-600 stroke-rose-600' : 'fill-none stroke-slate-600'}`} strokeWidth="2">
      <path d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2 0 3.4 1.1 4.3 2.5h2C13.9 6.1 15.3 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

function FavouriteToggle({ listingId, place }: FavouriteButtonProps) {
  const { t } = useTranslation('buyers');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [askingToSignIn, setAskingToSignIn] = useState(false);
  const [pending, setPending] = useState(false);
  const ids = useFavouriteIds(Boolean(user));
  // Only a signed-in viewer keeps listings (and a seller sees the count): a visitor's heart needs no request.
  const status = useFavouriteStatus(listingId, place === 'detail' && Boolean(user));
  const kept = place === 'detail' ? Boolean(user && status.data?.favourite) : Boolean(ids.data?.ids.includes(listingId));
  const count = place === 'detail' ? status.data?.count : null;

  const press = () => {
    if (!user) {
      setAskingToSignIn(true);
      return;
    }
    setPending(true);
    toggleFavourite(queryClient, listingId, !kept)
      .catch((error: unknown) => toast.error(errorText(error)))
      .finally(() => setPending(false));
  };

  return (
    <>
      <button
        type="button"
        onClick={press}
        disabled={pending}
        aria-pressed={kept}
        aria-label={kept ? t('favourites.remove') : t('favourites.add')}
        className="group -m-1 flex min-h-11 min-w-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {/* The pill keeps its look; the button around it is the 44 px target a finger needs. */}
        <span className="flex items-center gap-1 rounded-full bg-white/90 p-1.5 text-sm text-slate-700 shadow-sm group-hover:bg-rose-50">
          <Heart filled={kept} />
          {count !== null && count !== undefined && <span aria-label={t('favourites.count', { count })}>{count}</span>}
        </span>
      </button>
      {askingToSignIn && (
        <Suspense fallback={null}>
          <SignInToKeep listingId={listingId} onClose={() => setAskingToSignIn(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The heart on a card or the detail page: keeps the listing; a visitor is asked to sign in and it is kept afterwards. */
export function FavouriteButton(props: FavouriteButtonProps) {
  return (
    <Suspense fallback={<span className="-m-1 block h-11 w-11" />}>
      <FavouriteToggle {...props} />
    </Suspense>
  );
}
