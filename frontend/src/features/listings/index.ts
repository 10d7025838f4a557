/**
 * What the app shell uses from the listings feature: the logo's reset and the scroll to top.
 * The route modules import the pages from components/ directly, so importing this file never
 * pulls the list or the slider into the first chunk.
 */
export { resetBrowsing } from './stores/reset-browsing';
export { ScrollToTop } from './components/scroll-to-top';
