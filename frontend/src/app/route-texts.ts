/**
 * The texts only a route's page reads, which load beside its code (router.tsx). For a landing
 * route the server also preloads their Uzbek files with the page (vite.config.ts), so a visit
 * that starts there waits for no further round trip.
 */
export const LISTING_PAGE_TEXTS = ['listing-page'];
