/**
 * What the app uses: the home page's lazily loaded brand row, the brand filter's link and the
 * categories query (the home list's brand filter). The route modules import the pages from
 * components/ directly, so that importing this file never pulls the admin page into a chunk.
 */
export { BrandsSection } from './components/brands-section';
export type { BrandsStripProps as BrandsSectionProps } from './components/brands-strip';
export { brandListingsPath } from './brand-path';
export { categoriesQuery, useCategories } from './api/get-categories';
