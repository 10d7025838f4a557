import type { UseQueryOptions } from '@tanstack/react-query';
import { Suspense, useId, useState, type FormEvent } from 'react';
import type { Category } from '@market/contracts';
import { groupDigitsAsTyped } from '../../../lib/format';
import { loadTexts, useTranslation } from '../../../lib/i18n';
import { lazyWhenOnline } from '../../../lib/load-chunk';
import { drawerFilterCount, type FilterChange, type ListingFilters } from '../filter-query';
import { BUTTON, FIELD } from './filter-styles';

/** The categories query, handed in by the app: the catalogue feature owns it. */
export type BrandsQuery = UseQueryOptions<Category[]>;

export interface FiltersProps {
  filters: ListingFilters;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
  brandsQuery: BrandsQuery;
}

export interface TypedValues {
  name: string;
  minPrice: string;
  maxPrice: string;
}

/** A price bound as the field shows it, digits grouped ('4 500 000'), at most 13 digits. */
function priceAsTyped(text: string): string {
  return groupDigitsAsTyped(text.replace(/\D/g, '').slice(0, 13)).text;
}

function typedValuesOf(filters: ListingFilters): TypedValues {
  return { name: filters.name ?? '', minPrice: priceAsTyped(filters.minPrice?.toString() ?? ''), maxPrice: priceAsTyped(filters.maxPrice?.toString() ?? '') };
}

function priceOf(typed: string): number | undefined {
  return typed ? Number(typed.replace(/\D/g, '')) : undefined;
}

function typedChange(values: TypedValues): FilterChange {
  return { name: values.name.trim() || undefined, minPrice: priceOf(values.minPrice), maxPrice: priceOf(values.maxPrice) };
}

/** A minimum above the maximum finds nothing: the form says so instead of applying it. */
function minAboveMax(values: TypedValues): boolean {
  const min = priceOf(values.minPrice);
  const max = priceOf(values.maxPrice);
  return min !== undefined && max !== undefined && min > max;
}

/**
 * The drawer (its fields, the brands' and regions' lists, the dialog): its code and texts
 * (listing-filters, fetched beside the code, not a round trip after it) load when first opened,
 * not with the home page.
 */
const FilterDrawer = lazyWhenOnline(() => Promise.all([import('./filter-drawer'), loadTexts(['listing-filters'])]).then(([drawer]) => drawer));

/**
 * The home list's filters (spec section 4): a compact search bar for the name, and every other
 * filter and the order in a drawer, so that on a phone the first listing shows on the first
 * screen (issue 19). Choices apply when made; the typed fields on 'Qidirish', 'Ko'rsatish' or Enter.
 */
export function Filters({ filters, onChange, onClear, brandsQuery }: FiltersProps) {
  const { t } = useTranslation('listings');
  const id = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The typed values follow the applied filters when those change (a pasted address, 'Tozalash', the logo).
  const applied = typedValuesOf(filters);
  const appliedKey = JSON.stringify(applied);
  const [typed, setTyped] = useState(applied);
  const [typedFor, setTypedFor] = useState(appliedKey);
  if (typedFor !== appliedKey) {
    setTypedFor(appliedKey);
    setTyped(applied);
  }

  const [boundsRefused, setBoundsRefused] = useState(false);
  const typePrice = (field: 'minPrice' | 'maxPrice', text: string) => {
    setTyped({ ...typed, [field]: priceAsTyped(text) });
    setBoundsRefused(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minAboveMax(typed)) return setBoundsRefused(true);
    onChange(typedChange(typed));
    setDrawerOpen(false);
  };
  const choose = (change: FilterChange) => onChange({ ...typedChange(typed), ...change });
  const inDrawer = drawerFilterCount(filters);

  return (
    <>
      <form role="search" aria-label={t('filters.label')} onSubmit={submit} className="mb-4 flex gap-2">
        <label htmlFor={`${id}-name`} className="sr-only">
          {t('filters.name')}
        </label>
        <input
          id={`${id}-name`}
          type="search"
          value={typed.name}
          maxLength={100}
          placeholder={t('filters.namePlaceholder')}
          onChange={(event) => setTyped({ ...typed, name: event.target.value })}
          className={`${FIELD} min-h-11 min-w-0 flex-1`}
        />
        <button type="submit" className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
          {t('filters.search')}
        </button>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
          className={`${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 ${inDrawer ? 'border-brand-600 text-brand-800' : ''}`}
        >
          {inDrawer ? t('filters.openWithCount', { count: inDrawer }) : t('filters.open')}
        </button>
      </form>
      {drawerOpen && (
        <Suspense fallback={null}>
          <FilterDrawer
            filters={filters}
            typed={typed}
            onTypePrice={typePrice}
            boundsRefused={boundsRefused}
            onChoose={choose}
            brandsQuery={brandsQuery}
            onSubmit={submit}
            onClear={onClear}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
