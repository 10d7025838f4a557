import { useEffect, useRef, type KeyboardEvent } from 'react';
import { LISTING_STATUSES, type ListingStatus } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';

interface StatusTabsProps {
  current: ListingStatus;
  /** Unknown until the first page arrives. */
  counts: Partial<Record<ListingStatus, number>> | undefined;
  onSelect: (status: ListingStatus) => void;
  /** The id of the panel the tabs control. */
  panelId: string;
}

const TAB_SCROLL_MARGIN_PX = 16;

export function statusTabId(status: ListingStatus): string {
  return `moderation-tab-${status}`;
}

/** The five status tabs with their counts; arrow keys, Home and End move between them (WAI-ARIA tabs). */
export function StatusTabs({ current, counts, onSelect, panelId }: StatusTabsProps) {
  const { t } = useTranslation('moderation');
  const tabs = useRef<Partial<Record<ListingStatus, HTMLButtonElement | null>>>({});
  const list = useRef<HTMLDivElement>(null);
  // The counts widen the tabs when they arrive.
  const countsShown = counts !== undefined;

  // On a phone the row scrolls sideways: keep the selected tab ('waiting', the middle one, at first) in sight.
  useEffect(() => {
    const tab = tabs.current[current]?.getBoundingClientRect();
    const row = list.current;
    if (!tab || !row) return;
    const bounds = row.getBoundingClientRect();
    if (tab.left < bounds.left || tab.right > bounds.right) row.scrollLeft += tab.left - bounds.left - TAB_SCROLL_MARGIN_PX;
  }, [current, countsShown]);

  const moveTo = (status: ListingStatus) => {
    onSelect(status);
    tabs.current[status]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = LISTING_STATUSES.indexOf(current);
    const last = LISTING_STATUSES.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(LISTING_STATUSES[target]);
  };

  return (
    // Scrolls sideways on a narrow phone instead of wrapping into a ragged block.
    <div ref={list} role="tablist" aria-label={t('tabsLabel')} onKeyDown={onKeyDown} className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      {LISTING_STATUSES.map((status) => {
        const selected = status === current;
        return (
          <button
            key={status}
            ref={(element) => {
              tabs.current[status] = element;
            }}
            id={statusTabId(status)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(status)}
            className={`flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
              selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-white text-slate-700 hover:bg-brand-50'
            }`}
          >
            {t(`tabs.${status}`)}
            {/* A space keeps the name and the count apart for screen readers ('Tekshiruvda 3'). */}
            {counts && ' '}
            {counts && (
              <span
                className={`min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums ${selected ? 'bg-white/20' : 'bg-slate-100 text-slate-700'}`}
              >
                {counts[status] ?? 0}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
