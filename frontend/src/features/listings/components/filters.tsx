import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LISTING_REGIONS, type Category } from '@market/contracts';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import type { FilterChange, ListingFilters } from '../filter-query';

/** The categories query, handed in by the app: the catalogue feature owns it. */
export type BrandsQuery = UseQueryOptions<Category[]>;

export interface FiltersProps {
  filters: ListingFilters;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
  brandsQuery: BrandsQuery;
}

interface TypedValues {
  name: string;
  minPrice: string;
  maxPrice: string;
}

function typedValuesOf(filters: ListingFilters): TypedValues {
  return { name: filters.name ?? '', minPrice: filters.minPrice?.toString() ?? '', maxPrice: filters.maxPrice?.toString() ?? '' };
}

function typedChange(values: TypedValues): FilterChange {
  return {
    name: values.name.trim() || undefined,
    minPrice: values.minPrice ? Number(values.minPrice) : undefined,
    maxPrice: values.maxPrice ? Number(values.maxPrice) : undefined,
  };
}

/** `brand` in the address may be a category id or a name ('?brand=Samsung'): the id of the brand it names. */
function brandIdOf(brand: string | undefined, brands: Category[] | undefined): string {
  if (!brand) return '';
  const lower = brand.toLowerCase();
  return brands?.find((category) => category._id === brand || category.name.toLowerCase() === lower)?._id ?? '';
}

const FIELD = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-100';
const LABEL = 'mb-1 block text-sm font-medium text-slate-700';

/**
 * The home list's filters (spec section 4). Brand and region apply when chosen; the typed
 * fields apply on 'Qidirish' (or Enter), so the list is not reloaded on every key.
 */
export function Filters({ filters, onChange, onClear, brandsQuery }: FiltersProps) {
  const { t } = useTranslation('listings');
  // The brand choice's options; only this form re-renders when they arrive.
  const brands = useQuery(brandsQuery).data;
  const id = useId();
  const language = currentLanguage();

  // The typed values follow the applied filters when those change (a pasted address, 'Tozalash', the logo).
  const applied = typedValuesOf(filters);
  const appliedKey = JSON.stringify(applied);
  const [typed, setTyped] = useState(applied);
  const [typedFor, setTypedFor] = useState(appliedKey);
  if (typedFor !== appliedKey) {
    setTypedFor(appliedKey);
    setTyped(applied);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(typedChange(typed));
  };
  const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 13);

  return (
    <form role="search" aria-label={t('filters.label')} onSubmit={submit} className="mb-4 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <div className="col-span-2 md:col-span-4">
          <label htmlFor={`${id}-name`} className={LABEL}>
            {t('filters.name')}
          </label>
          <input
            id={`${id}-name`}
            type="search"
            value={typed.name}
            maxLength={100}
            placeholder={t('filters.namePlaceholder')}
            onChange={(event) => setTyped({ ...typed, name: event.target.value })}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor={`${id}-brand`} className={LABEL}>
            {t('filters.brand')}
          </label>
          <select
            id={`${id}-brand`}
            value={brandIdOf(filters.brand, brands)}
            onChange={(event) => onChange({ ...typedChange(typed), brand: event.target.value || undefined })}
            className={FIELD}
          >
            <option value="">{t('filters.allBrands')}</option>
            {brands?.map((brand) => (
              <option key={brand._id} value={brand._id}>
                {brand.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-region`} className={LABEL}>
            {t('filters.region')}
          </label>
          <select
            id={`${id}-region`}
            value={filters.region ?? ''}
            onChange={(event) => onChange({ ...typedChange(typed), region: event.target.value || undefined })}
            className={FIELD}
          >
            <option value="">{t('filters.allRegions')}</option>
            {LISTING_REGIONS.map((region) => (
              <option key={region.id} value={region.id}>
                {region.label[language]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-min`} className={LABEL}>
            {t('filters.minPrice')}
          </label>
          <input
            id={`${id}-min`}
            inputMode="numeric"
            autoComplete="off"
            value={typed.minPrice}
            onChange={(event) => setTyped({ ...typed, minPrice: digitsOnly(event.target.value) })}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className={LABEL}>
            {t('filters.maxPrice')}
          </label>
          <input
            id={`${id}-max`}
            inputMode="numeric"
            autoComplete="off"
            value={typed.maxPrice}
            onChange={(event) => setTyped({ ...typed, maxPrice: digitsOnly(event.target.value) })}
            className={FIELD}
          />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onClear}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {t('filters.clear')}
        </button>
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
          {t('filters.search')}
        </button>
      </div>
    </form>
  );
}
