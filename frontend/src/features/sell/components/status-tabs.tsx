import { useRef, type KeyboardEvent } from 'react';
import { LISTING_STATUSES, type ListingStatus, type MyListings } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';

export function tabId(status: ListingStatus): string {
  return `my-listings-tab-${status}`;
}

export function panelId(status: ListingStatus): string {
  return `my-listings-panel-${status}`;
}

/** The five status tabs with their counts (WAI-ARIA tabs: arrows, Home and End move between them). */
export function StatusTabs({
  selected,
  counts,
  onSelect,
}: {
  selected: ListingStatus;
  counts: MyListings['counts'] | undefined;
  onSelect: (status: ListingStatus) => void;
}) {
  const { t } = useTranslation('sell');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent, index: number) => {
    const last = LISTING_STATUSES.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const wrapped = (target + LISTING_STATUSES.length) % LISTING_STATUSES.length;
    onSelect(LISTING_STATUSES[wrapped]);
    tabs.current[wrapped]?.focus();
  };

  return (
    <div role="tablist" aria-label={t('my.tabs')} className="-mx-4 mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
      {LISTING_STATUSES.map((status, index) => {
        const active = status === selected;
        return (
          <button
            key={status}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={tabId(status)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(status)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(status)}
            onKeyDown={(event) => move(event, index)}
            className={`-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 ${
              active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t(`status.${status}`)}
            <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-700'}`}>
              {counts?.[status] ?? 0}
            </span>
          </button>
        );
      })}
    </div>
  );
}
