import { Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { errorText } from '../../../components/form/form-error';
import { signInReturnOf, useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useSaveSearch, type SearchFilters } from '../api/saved-searches';

/** 'Qidiruvni saqlash': keeps the home page's current filters as a saved search (signed-in users; a visitor is led to sign in). */
export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  // Its texts load on their own: the home page never waits for them.
  return (
    <Suspense fallback={null}>
      <SaveSearch filters={filters} />
    </Suspense>
  );
}

function SaveSearch({ filters }: { filters: SearchFilters }) {
  const { t } = useTranslation('saved-searches');
  const { user } = useSession();
  const location = useLocation();
  const save = useSaveSearch();
  const className =
    'inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60';
  if (!user) {
    return (
      <Link to="/login" state={signInReturnOf(location)} className={className} title={t('savedSearches.signInToSave')}>
        {t('savedSearches.save')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      disabled={save.isPending}
      onClick={() =>
        save.mutate(filters, {
          onSuccess: () => toast.success(t('savedSearches.saved'), { action: 'save-search' }),
          onError: (error) => toast.error(errorText(error), { action: 'save-search' }),
        })
      }
    >
      {t('savedSearches.save')}
    </button>
  );
}
