/**
 * Promotion (issue 39): a listing's promotions and the products to buy, on the owner's listing page
 * and in "Mening e'lonlarim". The route passes the payments feature's picker in.
 */
export { ListingPromotions, type RenderTopUpDialog } from './components/listing-promotions';
export { PromoteButton } from './components/promote-button';
