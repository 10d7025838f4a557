import { Link, useNavigate } from 'react-router-dom';
import { SAVED_SEARCH_ALERTS, type SavedSearch, type SavedSearchAlerts } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { PageTitle } from '../../../components/page-title';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDeleteSavedSearch, useOpenSavedSearch, useSavedSearches, useSetSearchAlerts } from '../api/saved-searches';

export interface SavedSearchesPageProps {
  /** The search's filters in words (brand and region names), from the features that know them. */
  describe: (query: SavedSearch['query']) => string;
  /** The home feed's address with the search's filters. */
  feedPath: (query: SavedSearch['query']) => string;
}

/** The profile's saved searches: each with its new listings, its alerts choice, open and delete. */
export function SavedSearchesPage({ describe, feedPath }: SavedSearchesPageProps) {
  const { t } = useTranslation('saved-searches');
  const searches = useSavedSearches();
  const open = useOpenSavedSearch();
  const setAlerts = useSetSearchAlerts();
  const remove = useDeleteSavedSearch();
  const navigate = useNavigate();
  const failed = (error: Error) => toast.error(errorText(error));

  return (
    <section>
      <PageTitle documentTitle={t('savedSearches.title')}>{t('savedSearches.title')}</PageTitle>
      <p className="mb-4 text-sm text-slate-600">
        {t('savedSearches.telegramHint')}{' '}
        <Link to="/profile/settings" className="font-medium text-brand-800 underline">
          {t('savedSearches.telegramLink')}
        </Link>
      </p>
      {searches.isPending && <p className="text-slate-600">{t('common:loading')}</p>}
      {searches.isError && <p className="text-red-700">{searches.error.message}</p>}
      {searches.data?.searches.length === 0 && <p className="text-slate-600">{t('savedSearches.empty')}</p>}
      <ul className="space-y-3">
        {searches.data?.searches.map((search) => (
          <li key={search._id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="saved-search">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <button
                type="button"
                className="min-h-11 min-w-0 text-left font-medium break-words text-brand-800 hover:underline"
                onClick={() => open.mutate(search._id, { onSuccess: () => void navigate(feedPath(search.query)), onError: failed })}
              >
                {describe(search.query)}
              </button>
              {search.newListings > 0 && (
                <span className="rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-800">
                  {t('savedSearches.newListings', { count: search.newListings })}
                </span>
              )}
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <label className="flex items-center gap-2 text-slate-700">
                {t('savedSearches.alerts')}
                <select
                  value={search.alerts}
                  onChange={(event) => setAlerts.mutate({ id: search._id, alerts: event.target.value as SavedSearchAlerts }, { onError: failed })}
                  className="min-h-11 rounded-md border border-slate-300 bg-white px-2"
                >
                  {SAVED_SEARCH_ALERTS.map((alerts) => (
                    <option key={alerts} value={alerts}>
                      {t(`savedSearches.alertChoices.${alerts}`)}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="ml-auto min-h-11 px-2 text-red-700 hover:underline"
                onClick={() => remove.mutate(search._id, { onError: failed })}
                aria-label={t('savedSearches.deleteNamed', { name: describe(search.query) })}
              >
                {t('savedSearches.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
