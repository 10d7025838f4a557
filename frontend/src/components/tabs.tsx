import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<Key extends string> {
  key: Key;
  label: string;
  /** Shown in a badge after the label; none while unknown. */
  count?: number;
}

const TAB_SCROLL_MARGIN_PX = 16;

const LOOKS = {
  pills: {
    list: 'gap-2 pb-1',
    tab: 'gap-2 rounded-full border px-4 py-2 focus-visible:outline-offset-2',
    selected: 'border-brand-700 bg-brand-700 text-white',
    unselected: 'border-slate-200 bg-white text-slate-700 hover:bg-brand-50',
    count: 'min-w-6 py-0.5 text-center',
    selectedCount: 'bg-white/20',
    unselectedCount: 'bg-slate-100 text-slate-700',
  },
  underline: {
    list: 'gap-1 border-b border-slate-200',
    tab: '-mb-px gap-1.5 border-b-2 px-3 py-2',
    selected: 'border-brand-700 text-brand-800',
    unselected: 'border-transparent text-slate-600 hover:text-slate-900',
    count: '',
    selectedCount: 'bg-brand-100 text-brand-800',
    unselectedCount: 'bg-slate-100 text-slate-700',
  },
} as const;

function tabId(idPrefix: string, key: string): string {
  return `${idPrefix}-tab-${key}`;
}

function panelId(idPrefix: string): string {
  return `${idPrefix}-panel`;
}

interface TabsProps<Key extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** Names the tabs' and the panel's ids; the same for the `TabPanel` beside. */
  idPrefix: string;
  tabs: readonly Tab<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  look?: keyof typeof LOOKS;
  /** Wrap onto a second row instead of scrolling sideways: every tab and its count stay in sight on a phone. */
  wrap?: boolean;
}

/**
 * The app's one tab list (WAI-ARIA tabs): selection follows focus, arrows, Home and End move
 * between the tabs. On a narrow phone the row scrolls sideways (keeping the selected tab in
 * sight) or, with `wrap`, wraps.
 */
export function Tabs<Key extends string>({ label, idPrefix, tabs, selected, onSelect, look = 'underline', wrap = false }: TabsProps<Key>) {
  const listRef = useRef<HTMLDivElement>(null);
  const styles = LOOKS[look];
  // The counts widen the tabs when they arrive.
  const countsShown = tabs.some((tab) => tab.count !== undefined);

  useEffect(() => {
    const row = listRef.current;
    const tab = row?.querySelector('[aria-selected="true"]')?.getBoundingClientRect();
    if (!row || !tab) return;
    const bounds = row.getBoundingClientRect();
    if (tab.left < bounds.left || tab.right > bounds.right) row.scrollLeft += tab.left - bounds.left - TAB_SCROLL_MARGIN_PX;
  }, [selected, countsShown]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const key = tabs[target].key;
    onSelect(key);
    document.getElementById(tabId(idPrefix, key))?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`mb-4 flex ${wrap ? 'flex-wrap' : '-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0'} ${styles.list}`}
    >
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            id={tabId(idPrefix, tab.key)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId(idPrefix)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={`flex shrink-0 items-center text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 ${styles.tab} ${
              isSelected ? styles.selected : styles.unselected
            }`}
          >
            {tab.label}
            {tab.count !== undefined && (
              <>
                {/* A space keeps the name and the count apart for screen readers ('Tekshiruvda 3'). */}{' '}
                <span
                  className={`rounded-full px-1.5 text-xs tabular-nums ${styles.count} ${isSelected ? styles.selectedCount : styles.unselectedCount}`}
                >
                  {tab.count}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** The selected tab's content, named by that tab. */
export function TabPanel({ idPrefix, selected, children }: { idPrefix: string; selected: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix)} aria-labelledby={tabId(idPrefix, selected)}>
      {children}
    </div>
  );
}
