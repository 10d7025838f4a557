import { formatTashkentTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSpecSourceState } from '../api/get-spec-source-state';
import { TitledSection } from '../../../components/titled-section';

/** The device spec refresh's state under the categories (where the catalogue is administered): is GSMArena answering us. */
export function SpecSourceState() {
  const { t } = useTranslation('catalogue-admin');
  const state = useSpecSourceState();
  const when = (iso: string | null) => (iso ? formatTashkentTime(iso) : t('specSource.never'));

  return (
    <TitledSection title={t('specSource.title')} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm" titleClassName="font-semibold text-slate-900">
      {state.isPending ? (
        <p role="status" className="mt-2 text-slate-500">
          {t('common:loading')}
        </p>
      ) : state.isError ? (
        <p className="mt-2 text-red-700">{t('specSource.loadFailed')}</p>
      ) : (
        <>
          <p className={`mt-2 font-medium ${state.data.pausedUntil ? 'text-red-700' : 'text-emerald-700'}`}>
            {state.data.pausedUntil ? t('specSource.pausedUntil', { time: formatTashkentTime(state.data.pausedUntil) }) : t('specSource.running')}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
            <dt>{t('specSource.lastSuccess')}</dt>
            <dd className="tabular-nums">{when(state.data.lastSuccessAt)}</dd>
            <dt>{t('specSource.lastRefusal')}</dt>
            <dd className="tabular-nums">
              {when(state.data.lastRefusalAt)}
              {state.data.lastRefusal && <span className="text-slate-500"> ({state.data.lastRefusal})</span>}
            </dd>
            <dt>{t('specSource.thisHour')}</dt>
            <dd className="tabular-nums">{t('specSource.requests', { used: state.data.requestsThisHour, limit: state.data.requestsPerHour })}</dd>
          </dl>
        </>
      )}
    </TitledSection>
  );
}
