export { CategoriesAdminPage as Component } from '../../../features/catalogue';
