import { createContext, useContext } from 'react';
import type { UseQueryOptions } from '@tanstack/react-query';
import type { Category } from '@market/contracts';

/** The catalogue feature's brands query, for 'Boshqa model' (the route passes it in: features do not import each other). */
export type BrandsQuery = UseQueryOptions<Category[]>;

export const BrandsQueryContext = createContext<BrandsQuery | null>(null);

export function useBrandsQuery(): BrandsQuery {
  const query = useContext(BrandsQueryContext);
  if (!query) throw new Error('ListingWizardPage renders the wizard with its brandsQuery');
  return query;
}
