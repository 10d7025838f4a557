/** The admins' moderation page (`/profile/allphones`); the route gives it the listings feature's card and pager. */
export { ModerationPage, type ModerationPageProps } from './components/moderation-page';
/** An admin's moderation bar on any listing's page; the route puts it where the seller's notice would be. */
export { ListingModeration } from './components/listing-moderation';
