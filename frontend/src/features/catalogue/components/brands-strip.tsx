import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { brandsWithSeries, type Category } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';
import { brandListingsPath } from '../brand-path';
import { useCategories } from '../api/get-categories';
import { BrandCard, BrandCardSkeletons } from './brand-card';

export interface BrandsStripProps {
  /** The brand the list is filtered by, highlighted. */
  selectedBrand?: string | null;
  /** Filters the home list in place; without it a card navigates to `/?brand=<id>&page=1`. */
  onSelectBrand?: (category: Category) => void;
}

/** One row that scrolls sideways at every width: 17 brands in rows pushed the listings below the first screen (issue 19). */
export const STRIP_LIST = 'flex snap-x gap-3 overflow-x-auto pb-2';
export const STRIP_ITEM = 'w-28 shrink-0 snap-start';

/**
 * The home page's row of brands, each standing for its series too (Xiaomi: Redmi, POCO); under it,
 * once such a brand is chosen, its series to narrow the list to one. A load failure leaves the row out.
 */
export default function BrandsStrip({ selectedBrand, onSelectBrand }: BrandsStripProps) {
  const { t } = useTranslation('catalogue');
  // The cards render deferred, in slices, not in the answer's synchronous re-render.
  const categories = useDeferredValue(useCategories());
  if (categories.isError || categories.data?.length === 0) return null;
  if (categories.isPending) return <BrandsStripSkeleton />;
  const families = brandsWithSeries(categories.data);
  const selected = selectedBrand?.toLowerCase();
  const isSelected = (category: Category) => category._id === selected || category.name.toLowerCase() === selected;
  const chosen = families.find(({ brand, series }) => isSelected(brand) || series.some(isSelected));
  return (
    <>
      <ul className={STRIP_LIST}>
        {families.map(({ brand }) => (
          <li key={brand._id} className={STRIP_ITEM}>
            <BrandCard category={brand} size="small" selected={brand === chosen?.brand} onSelect={onSelectBrand} />
          </li>
        ))}
      </ul>
      {chosen && chosen.series.length > 0 && (
        <ul aria-label={t('brands.seriesOf', { name: chosen.brand.name })} className="mt-2 flex flex-wrap gap-2">
          {[chosen.brand, ...chosen.series].map((category) => (
            <li key={category._id}>
              <Link
                to={brandListingsPath(category)}
                onClick={(event) => {
                  if (!onSelectBrand) return;
                  event.preventDefault();
                  onSelectBrand(category);
                }}
                aria-current={isSelected(category) ? 'true' : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:border-brand-600 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-800"
              >
                {category === chosen.brand ? t('brands.wholeBrand', { name: category.name }) : category.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function BrandsStripSkeleton() {
  return (
    <div className={STRIP_LIST} aria-hidden>
      <BrandCardSkeletons count={8} className={`h-28 ${STRIP_ITEM}`} />
    </div>
  );
}
