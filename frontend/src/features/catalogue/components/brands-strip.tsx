import { useDeferredValue } from 'react';
import type { Category } from '@market/contracts';
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

/** The home page's row of brands; a load failure leaves the row out (the list below still works). */
export default function BrandsStrip({ selectedBrand, onSelectBrand }: BrandsStripProps) {
  // The cards render deferred, in slices, not in the answer's synchronous re-render.
  const categories = useDeferredValue(useCategories());
  if (categories.isError || categories.data?.length === 0) return null;
  if (categories.isPending) return <BrandsStripSkeleton />;
  return (
    <ul className={STRIP_LIST}>
      {categories.data.map((category) => (
        <li key={category._id} className={STRIP_ITEM}>
          <BrandCard category={category} size="small" selected={category._id === selectedBrand} onSelect={onSelectBrand} />
        </li>
      ))}
    </ul>
  );
}

export function BrandsStripSkeleton() {
  return (
    <div className={STRIP_LIST} aria-hidden>
      <BrandCardSkeletons count={8} className={`h-28 ${STRIP_ITEM}`} />
    </div>
  );
}
