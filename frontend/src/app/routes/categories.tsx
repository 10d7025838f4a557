export { BrandsPage as Component } from '../../features/catalogue/components/brands-page';
