import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  BATTERY_FILTER_BOUNDS,
  brandsWithSeries,
  CONDITION_GRADES,
  LISTING_REGIONS,
  LISTING_SORTS,
  STORAGE_FILTER_SIZES,
  type Category,
  type ListingSort,
} from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { groupDigitsAsTyped } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { drawerFilterCount, type FilterChange, type ListingFilters } from '../filter-query';

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

/** `brand` in the address may be a category id or a name ('?brand=Samsung'): the id of the brand it names. */
function brandIdOf(brand: string | undefined, brands: Category[] | undefined): string {
  if (!brand) return '';
  const lower = brand.toLowerCase();
  return brands?.find((category) => category._id === brand || category.name.toLowerCase() === lower)?._id ?? '';
}

const SORT_LABELS: Record<ListingSort, string> = { newest: 'filters.sortNewest', price_asc: 'filters.sortPriceAsc', price_desc: 'filters.sortPriceDesc' };

const FIELD = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-100';
const LABEL = 'mb-1 block text-sm font-medium text-slate-700';
const BUTTON = 'min-h-11 rounded-lg px-4 text-sm font-medium';

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
        <Dialog title={t('filters.title')} closeLabel={t('filters.close')} onClose={() => setDrawerOpen(false)} size="md">
          <form onSubmit={submit} aria-label={t('filters.title')}>
            <FilterFields
              filters={filters}
              typed={typed}
              onTypePrice={typePrice}
              boundsRefused={boundsRefused}
              onChoose={choose}
              brandsQuery={brandsQuery}
            />
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" onClick={onClear} className={`${BUTTON} border border-slate-300 text-slate-700 hover:bg-slate-50`}>
                {t('filters.clear')}
              </button>
              <button type="submit" className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
                {t('filters.show')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}

interface FilterFieldsProps {
  filters: ListingFilters;
  typed: TypedValues;
  /** A price bound typed: its digits grouped as typed. */
  onTypePrice: (field: 'minPrice' | 'maxPrice', text: string) => void;
  /** The minimum typed is above the maximum: nothing was applied. */
  boundsRefused: boolean;
  onChoose: (change: FilterChange) => void;
  brandsQuery: BrandsQuery;
}

/** The drawer's fields: the order, brand, region, price bounds and the buyers' filters. */
function FilterFields({ filters, typed, onTypePrice, boundsRefused, onChoose, brandsQuery }: FilterFieldsProps) {
  const { t } = useTranslation('listings');
  // The brand choice's options; only this form re-renders when they arrive.
  const brands = useQuery(brandsQuery).data;
  const id = useId();
  const language = currentLanguage();
  const select = (name: string, label: string, value: string, onPick: (value: string) => void, options: [string, string][]) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={LABEL}>
        {label}
      </label>
      <select id={`${id}-${name}`} value={value} onChange={(event) => onPick(event.target.value)} className={`${FIELD} min-h-11`}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
  const checkbox = (name: 'document' | 'shipping' | 'goodSellers') => (
    <label className="col-span-2 flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        checked={filters[name] === true}
        onChange={(event) => onChoose({ [name]: event.target.checked || undefined })}
        className="h-5 w-5 accent-brand-700"
      />
      {t(`filters.${name}`)}
    </label>
  );

  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="col-span-2">
        {select(
          'sort',
          t('filters.sort'),
          filters.sort ?? 'newest',
          (sort) => onChoose({ sort: sort as ListingSort }),
          LISTING_SORTS.map((sort) => [sort, t(SORT_LABELS[sort])]),
        )}
      </div>
      {select('brand', t('filters.brand'), brandIdOf(filters.brand, brands), (brand) => onChoose({ brand: brand || undefined }), [
        ['', t('filters.allBrands')],
        // A brand stands for its series too; each series follows it, to narrow to that one ('Xiaomi › Redmi').
        ...brandsWithSeries(brands ?? []).flatMap(({ brand, series }): Array<[string, string]> => [
          [brand._id, brand.name],
          ...series.map((one): [string, string] => [one._id, `${brand.name} › ${one.name}`]),
        ]),
      ])}
      {select('region', t('filters.region'), filters.region ?? '', (region) => onChoose({ region: region || undefined }), [
        ['', t('filters.allRegions')],
        ...LISTING_REGIONS.map((region): [string, string] => [region.id, region.label[language]]),
      ])}
      <div>
        <label htmlFor={`${id}-min`} className={LABEL}>
          {t('filters.minPrice')}
        </label>
        <input
          id={`${id}-min`}
          inputMode="numeric"
          autoComplete="off"
          value={typed.minPrice}
          onChange={(event) => onTypePrice('minPrice', event.target.value)}
          className={`${FIELD} min-h-11`}
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
          onChange={(event) => onTypePrice('maxPrice', event.target.value)}
          aria-invalid={boundsRefused || undefined}
          aria-describedby={boundsRefused ? `${id}-bounds` : undefined}
          className={`${FIELD} min-h-11`}
        />
      </div>
      {boundsRefused && (
        <p id={`${id}-bounds`} role="alert" className="col-span-2 text-sm text-red-700">
          {t('filters.minAboveMax')}
        </p>
      )}
      {select('storage', t('filters.storage'), filters.storage ?? '', (storage) => onChoose({ storage: storage || undefined }), [
        ['', t('filters.anyStorage')],
        // A size from a pasted address that the list does not offer is still shown as chosen.
        ...[...new Set([...STORAGE_FILTER_SIZES, ...(filters.storage ? [filters.storage] : [])])].map((size): [string, string] => [size, size]),
      ])}
      {select(
        'condition',
        t('filters.condition'),
        filters.condition ?? '',
        (condition) => onChoose({ condition: (condition || undefined) as ListingFilters['condition'] }),
        [
          ['', t('filters.anyCondition')],
          ['new', t('filters.new')],
          ['used', t('filters.used')],
        ],
      )}
      {select('valut', t('filters.valut'), filters.valut ?? '', (valut) => onChoose({ valut: (valut || undefined) as ListingFilters['valut'] }), [
        ['', t('filters.anyValut')],
        ['uzs', t('filters.uzs')],
        ['usd', t('filters.usd')],
      ])}
      {select('grade', t('filters.grade'), filters.grade ?? '', (grade) => onChoose({ grade: (grade || undefined) as ListingFilters['grade'] }), [
        ['', t('filters.anyGrade')],
        ...CONDITION_GRADES.map((grade): [string, string] => [grade, t(`grades.${grade}`)]),
      ])}
      {select(
        'minBattery',
        t('filters.minBattery'),
        filters.minBattery === undefined ? '' : String(filters.minBattery),
        (battery) => onChoose({ minBattery: battery ? Number(battery) : undefined }),
        [
          ['', t('filters.anyBattery')],
          // A bound from a pasted address that the list does not offer is still shown as chosen.
          ...[...new Set([...BATTERY_FILTER_BOUNDS, ...(filters.minBattery === undefined ? [] : [filters.minBattery])])].map(
            (battery): [string, string] => [String(battery), t('filters.batteryFrom', { battery })],
          ),
        ],
      )}
      {checkbox('document')}
      {checkbox('shipping')}
      {checkbox('goodSellers')}
    </div>
  );
}
