import { useEffect, useId, useRef, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LISTING_STATUSES, type ListingCard, type ListingStatus } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { AdminOnly } from '../../../components/admin-only';
import { PageTitle } from '../../../components/page-title';
import { TabPanel, Tabs } from '../../../components/tabs';
import { useTranslation } from '../../../lib/i18n';
import { useModerationQueue, type ModerationQueueParams } from '../api/get-moderation-queue';
import { BannedWordsCard } from './banned-words-card';
import { ChannelQueue } from './channel-queue';
import { ModerationBar } from './moderation-bar';
import { LoadFailed } from '../../../components/load-failed';

export interface ModerationPageProps {
  /** The listings feature's card with its `actions` slot; the route passes it in (features do not import each other). */
  Card: ComponentType<{ listing: ListingCard; actions?: ReactNode }>;
  /** The listings feature's numbered pager. */
  Pager: ComponentType<{ page: number; pages: number; onChange: (page: number) => void; hrefOf: (page: number) => string }>;
  /** Beside the title: the ways to the moderators' other queues (the route passes them in). */
  aside?: ReactNode;
}

const FIRST_TAB: ListingStatus = 'waiting';

/** The tab and page live in the address bar (`?status=&page=`), so a reload or the back button keeps them. */
function useQueueParams(): [ModerationQueueParams, (params: ModerationQueueParams) => void, (params: ModerationQueueParams) => string] {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const page = Number(searchParams.get('page'));
  const params: ModerationQueueParams = {
    status: LISTING_STATUSES.includes(status as ListingStatus) ? (status as ListingStatus) : FIRST_TAB,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  const hrefOf = ({ status, page }: ModerationQueueParams) => {
    const query = new URLSearchParams(status === FIRST_TAB ? {} : { status });
    if (page > 1) query.set('page', String(page));
    return query.size ? `?${query}` : '?';
  };
  const change = (next: ModerationQueueParams) => setSearchParams(new URLSearchParams(hrefOf(next).slice(1)));
  return [params, change, hrefOf];
}

/** `/profile/allphones` (spec section 2): 'Barcha telefonlar', for admins only. */
export function ModerationPage(props: ModerationPageProps) {
  const { t } = useTranslation('moderation');
  return (
    <AdminOnly forbidden={t('forbidden')}>
      <ModerationQueuePage {...props} />
    </AdminOnly>
  );
}

function ModerationQueuePage({ Card, Pager, aside }: ModerationPageProps) {
  const { t } = useTranslation('moderation');
  const [params, change, hrefOf] = useQueueParams();
  const queue = useModerationQueue(params);
  const tabsId = useId();
  const listTop = useRef<HTMLDivElement>(null);
  // Another tab's or page's cards are kept only for the counts; the list waits for its own.
  const loadingList = queue.isPending || queue.isPlaceholderData;
  const pages = queue.data?.pages ?? 0;
  // Unknown until the first page arrives.
  const counts = queue.data?.counts;

  // Decisions can empty the last page: step back to the new last one.
  useEffect(() => {
    if (!loadingList && params.page > 1 && params.page > pages) change({ ...params, page: Math.max(pages, 1) });
  });

  const goToPage = (page: number) => {
    change({ ...params, page });
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <section>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageTitle documentTitle={t('title')}>{t('title')}</PageTitle>
        {aside}
      </div>
      <ChannelQueue />
      <div ref={listTop} className="scroll-mt-4">
        <Tabs
          label={t('tabsLabel')}
          idPrefix={tabsId}
          tabs={LISTING_STATUSES.map((status) => ({ key: status, label: t(`tabs.${status}`), count: counts && (counts[status] ?? 0) }))}
          selected={params.status}
          onSelect={(status) => change({ status, page: 1 })}
        />
      </div>
      <TabPanel idPrefix={tabsId} selected={params.status}>
        {loadingList ? (
          <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-16 text-slate-600">
            <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden />
            {t('loading')}
          </div>
        ) : !queue.data ? (
          // Only when nothing was loaded: a failed refresh keeps showing the cards it had.
          <LoadFailed message={t('loadFailed', { reason: errorText(queue.error) })} retry={{ label: t('retry'), onRetry: () => void queue.refetch() }} />
        ) : !queue.data.phones.length ? (
          <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white py-12 text-center text-slate-600">
            {t('empty')}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {queue.data.phones.map((listing) => (
              <li key={listing._id}>
                <Card listing={listing} actions={<ModerationBar listing={listing} queue={params} />} />
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      {!loadingList && (
        <Pager page={params.page} pages={pages} onChange={goToPage} hrefOf={(page) => hrefOf({ ...params, page })} />
      )}
      <BannedWordsCard />
    </section>
  );
}
