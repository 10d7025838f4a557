/** The last 20 listings this browser opened (local storage), shown on the home page. */
export { RecentlyViewedRow } from './components/recently-viewed-row';
export { RememberViewed } from './components/remember-viewed';
