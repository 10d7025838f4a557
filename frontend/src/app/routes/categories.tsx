export { BrandsPage as Component } from '../../features/catalogue';
