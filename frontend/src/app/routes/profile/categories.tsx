export { CategoriesAdminPage as Component } from '../../../features/catalogue/components/categories-admin-page';
