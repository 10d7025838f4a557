import type { KeyboardEvent, ReactNode } from 'react';

export interface Tab<Key extends string> {
  key: Key;
  label: string;
  /** Shown in a badge after the label; none while unknown. */
  count?: number;
}

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
}

/**
 * The app's one tab list (WAI-ARIA tabs): selection follows focus, arrows, Home and End move
 * between the tabs. On a narrow phone the row wraps rather than scrolling sideways, so every
 * tab and its count stay in sight (a seller's listings and the admins' queue alike).
 */
export function Tabs<Key extends string>({ label, idPrefix, tabs, selected, onSelect }: TabsProps<Key>) {
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
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
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
            className={`-mb-px flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 ${
              isSelected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {tab.label}
            {tab.count !== undefined && (
              <>
                {/* A space keeps the name and the count apart for screen readers ('Tekshiruvda 3'). */}{' '}
                <span className={`rounded-full px-1.5 text-xs tabular-nums ${isSelected ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-700'}`}>
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
