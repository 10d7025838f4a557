/** Brands (categories): the admin page, the public /categories page and the home page's lazily loaded brand row. */
export { CategoriesAdminPage } from './components/categories-admin-page';
export { BrandsPage } from './components/brands-page';
export { BrandsSection } from './components/brands-section';
export type { BrandsStripProps as BrandsSectionProps } from './components/brands-strip';
export { brandListingsPath } from './brand-path';
export { useCategories } from './api/get-categories';
