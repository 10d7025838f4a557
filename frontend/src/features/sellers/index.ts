/** Sellers' public pages (/seller/{id}). */
export { SellerPage } from './components/seller-page';
