import { FavouritesPage } from '../../../features/favourites';
import { ListingCard } from '../../../features/listings/components/listing-card';

/** /profile/favourites: the favourites feature's list drawn with the listings feature's card. */
function FavouritesRoute() {
  return <FavouritesPage renderCard={(favourite, badge) => <ListingCard listing={favourite.listing} actions={badge || undefined} />} />;
}

export { FavouritesRoute as Component };
