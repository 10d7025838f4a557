/** Favourites: the heart on cards and the detail page, keeping a visitor's heart after sign-in, the profile's 'Saralanganlar'. */
export { FavouriteButton } from './components/favourite-button';
export { KeepPendingFavourite } from './components/keep-pending-favourite';
export { FavouritesPage } from './components/favourites-page';
