/** Saved searches: the home page's 'Qidiruvni saqlash' and the profile's list with alerts. */
export { SaveSearchButton } from './components/save-search-button';
export { SavedSearchesPage } from './components/saved-searches-page';
