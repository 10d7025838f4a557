import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { BATTERY_FILTER_BOUNDS, brandsWithSeries, CONDITION_GRADES, LISTING_REGIONS, LISTING_SORTS, STORAGE_FILTER_SIZES, type Category, type ListingSort } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import type { FilterChange, ListingFilters } from '../filter-query';
import type { BrandsQuery, TypedValues } from './filters';
import { BUTTON, FIELD, LABEL } from './filter-styles';

/** `brand` in the address may be a category id or a name ('?brand=Samsung'): the id of the brand it names. */
function brandIdOf(brand: string | undefined, brands: Category[] | undefined): string {
  if (!brand) return '';
  const lower = brand.toLowerCase();
  return brands?.find((category) => category._id === brand || category.name.toLowerCase() === lower)?._id ?? '';
}

const SORT_LABELS: Record<ListingSort, string> = { newest: 'filters.sortNewest', price_asc: 'filters.sortPriceAsc', price_desc: 'filters.sortPriceDesc' };

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
  const { t } = useTranslation(['listing-filters', 'listings']);
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
        ...CONDITION_GRADES.map((grade): [string, string] => [grade, t(`listings:grades.${grade}`)]),
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

interface FilterDrawerProps extends FilterFieldsProps {
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  onClose: () => void;
}

/** The filters' drawer: every filter but the name, and the order (Filters opens it). */
export default function FilterDrawer({ onSubmit, onClear, onClose, ...fields }: FilterDrawerProps) {
  const { t } = useTranslation('listing-filters');
  return (
    <Dialog title={t('filters.title')} closeLabel={t('filters.close')} onClose={onClose} size="md">
      <form onSubmit={onSubmit} aria-label={t('filters.title')}>
        <FilterFields {...fields} />
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
  );
}
